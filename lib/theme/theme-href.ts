import type { ThemeColorPreset, ThemeContrast } from '@/lib/settings/display-settings';

/**
 * The theme's CSS variables (both colour schemes) for one preset and contrast, as a static
 * stylesheet the browser caches (app/theme/[file]/route.ts): pages stop carrying 23 KiB of
 * variables each. `version` changes with the theme, so the file can be cached for good.
 */
export function themeStylesheetHref(
  preset: ThemeColorPreset,
  contrast: ThemeContrast,
  version: string,
): string {
  return `/theme/${preset}-${contrast}.css?v=${version}`;
}
