import { createTheme, type Theme } from '@mui/material/styles';
import type { DisplaySettings } from '@/lib/settings/display-settings';
import { componentOverrides } from './core/components';
import { darkPalette, lightPalette } from './core/palette';
import { themeConfig } from './theme-config';
import './types';

type ThemeInput = Pick<DisplaySettings, 'themeColorPresets' | 'themeContrast'> & {
  direction: 'ltr' | 'rtl';
};

const shadows = {
  light: {
    card: '0 0 2px 0 rgba(145 158 171 / 0.2), 0 12px 24px -4px rgba(145 158 171 / 0.12)',
    cardFlat: '0 0 0 1px rgba(145 158 171 / 0.16)',
    dialog: '-40px 40px 80px -8px rgba(0 0 0 / 0.24)',
  },
  dark: {
    card: '0 0 2px 0 rgba(0 0 0 / 0.2), 0 12px 24px -4px rgba(0 0 0 / 0.12)',
    cardFlat: '0 0 0 1px rgba(145 158 171 / 0.16)',
    dialog: '-40px 40px 80px -8px rgba(0 0 0 / 0.24)',
  },
};

// 6 presets × 2 contrasts × 2 directions: each theme is built once per process, not per render.
const themes = new Map<string, Theme>();

/** One theme with both colour schemes as CSS variables; the page's data attribute picks the scheme. */
export function createAppTheme(input: ThemeInput): Theme {
  const key = `${input.themeColorPresets}|${input.themeContrast}|${input.direction}`;
  let theme = themes.get(key);
  if (!theme) themes.set(key, (theme = buildTheme(input)));
  return theme;
}

function buildTheme({ themeColorPresets, themeContrast, direction }: ThemeInput): Theme {
  return createTheme({
    direction,
    cssVariables: {
      colorSchemeSelector: themeConfig.colorSchemeSelector,
      cssVarPrefix: themeConfig.cssVarPrefix,
    },
    colorSchemes: {
      light: {
        palette: {
          ...lightPalette(themeColorPresets, themeContrast),
          customShadows: shadows.light,
        },
      },
      dark: { palette: { ...darkPalette(themeColorPresets), customShadows: shadows.dark } },
    },
    breakpoints: { values: themeConfig.breakpoints },
    shape: { borderRadius: themeConfig.radius.fromMd },
    typography: {
      fontFamily: themeConfig.fontFamily,
      button: { fontWeight: 600 },
      h1: { fontWeight: 800, fontSize: '2rem', lineHeight: 1.25 },
      h2: { fontWeight: 800, fontSize: '1.5rem', lineHeight: 1.3 },
      h3: { fontWeight: 700, fontSize: '1.25rem', lineHeight: 1.4 },
    },
    components: componentOverrides(themeContrast),
  });
}
