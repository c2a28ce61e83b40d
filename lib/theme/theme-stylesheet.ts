import { createHash } from 'node:crypto';
import {
  themeColorPresets,
  themeContrasts,
  type ThemeColorPreset,
  type ThemeContrast,
} from '@/lib/settings/display-settings';
import { createAppTheme } from './create-theme';
import { themeConfig } from './theme-config';

type Rules = Record<string, Record<string, string | number>>;

const kebab = (property: string) =>
  property.startsWith('--') ? property : property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * One focus ring for whatever the keyboard reaches (WCAG 2.4.7): MUI only tints a list item or a
 * tab a shade darker, and a link not at all; text fields show theirs on the outline. `html`
 * outranks ButtonBase's own `outline: 0`; inside lists, menus and tabs the ring is drawn inward,
 * where the container cannot clip it. In the cached theme file, not in every page.
 */
const focusRing = (prefix: string) =>
  [
    `html .Mui-focusVisible,html a:focus-visible,html summary:focus-visible{outline:2px solid var(--${prefix}-palette-primary-main);outline-offset:2px}`,
    'html .MuiListItemButton-root.Mui-focusVisible,html .MuiMenuItem-root.Mui-focusVisible,html .MuiTab-root.Mui-focusVisible{outline-offset:-2px}',
  ].join('\n');

/** What MUI's ThemeProvider would inject as a global style, written once as a CSS file. */
export function themeStylesheet(preset: ThemeColorPreset, contrast: ThemeContrast): string {
  // Direction plays no part in the variables.
  const theme = createAppTheme({
    themeColorPresets: preset,
    themeContrast: contrast,
    direction: 'ltr',
  });
  const sheets = (theme.generateStyleSheets?.() ?? []) as Rules[];
  return sheets
    .flatMap((sheet) => Object.entries(sheet))
    .map(
      ([selector, declarations]) =>
        `${selector}{${Object.entries(declarations)
          .map(([property, value]) => `${kebab(property)}:${value}`)
          .join(';')}}`,
    )
    .concat(focusRing(themeConfig.cssVarPrefix))
    .join('\n');
}

export function themeStylesheetFor(file: string): string | null {
  const match = /^([a-z]+)-([a-z]+)\.css$/.exec(file);
  const preset = themeColorPresets.find((p) => p === match?.[1]);
  const contrast = themeContrasts.find((c) => c === match?.[2]);
  return preset && contrast ? themeStylesheet(preset, contrast) : null;
}

let version: string | undefined;

/** A short hash of every preset's stylesheet: the files' cache key. */
export function themeStylesheetVersion(): string {
  if (!version) {
    const hash = createHash('sha256');
    for (const preset of themeColorPresets) {
      for (const contrast of themeContrasts) hash.update(themeStylesheet(preset, contrast));
    }
    version = hash.digest('hex').slice(0, 12);
  }
  return version;
}

export const themeStylesheetFiles = themeColorPresets.flatMap((preset) =>
  themeContrasts.map((contrast) => `${preset}-${contrast}.css`),
);
