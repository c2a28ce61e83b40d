import { defaultLocale, locales, type Locale } from '@/lib/i18n/locales';
import { oddsFormats, type OddsFormat } from '@/lib/sportsbook/odds';

/** Display settings (spec §3, §4): kept in a cookie so the server paints the first frame right. */
export const DISPLAY_SETTINGS_COOKIE = 'display-settings';
export const DISPLAY_SETTINGS_MAX_AGE_DAYS = 365;

export const themeModes = ['light', 'dark'] as const;
export const themeDirections = ['ltr', 'rtl'] as const;
export const themeContrasts = ['default', 'bold'] as const;
export const themeColorPresets = ['default', 'cyan', 'purple', 'blue', 'orange', 'red'] as const;
export const themeLayouts = ['vertical', 'mini', 'horizontal'] as const;

export type ThemeMode = (typeof themeModes)[number];
export type ThemeDirection = (typeof themeDirections)[number];
export type ThemeContrast = (typeof themeContrasts)[number];
export type ThemeColorPreset = (typeof themeColorPresets)[number];
export type ThemeLayout = (typeof themeLayouts)[number];

export type DisplaySettings = {
  themeMode: ThemeMode;
  themeDirection: ThemeDirection;
  themeContrast: ThemeContrast;
  themeColorPresets: ThemeColorPreset;
  themeLayout: ThemeLayout;
  /** How the sportsbook prints odds (an addition to §3's settings). */
  oddsFormat: OddsFormat;
  language: Locale;
};

export const defaultDisplaySettings: DisplaySettings = {
  themeMode: 'dark',
  themeDirection: 'ltr',
  themeContrast: 'default',
  themeColorPresets: 'default',
  themeLayout: 'vertical',
  oddsFormat: 'decimal',
  language: defaultLocale,
};

// Plain checks instead of a zod schema: this module reaches every browser, zod would add ~30 KiB.
function oneOf<T extends string>(allowed: readonly T[], value: unknown, fallback: T): T {
  return allowed.find((item) => item === value) ?? fallback;
}

/** A damaged or foreign cookie never breaks the page: each bad field falls back to its default. */
export function parseDisplaySettings(raw: string | undefined | null): DisplaySettings {
  if (!raw) return defaultDisplaySettings;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return defaultDisplaySettings;
  }
  if (typeof value !== 'object' || value === null) return defaultDisplaySettings;
  const v = value as Record<string, unknown>;
  const d = defaultDisplaySettings;
  return {
    themeMode: oneOf(themeModes, v.themeMode, d.themeMode),
    themeDirection: oneOf(themeDirections, v.themeDirection, d.themeDirection),
    themeContrast: oneOf(themeContrasts, v.themeContrast, d.themeContrast),
    themeColorPresets: oneOf(themeColorPresets, v.themeColorPresets, d.themeColorPresets),
    themeLayout: oneOf(themeLayouts, v.themeLayout, d.themeLayout),
    oddsFormat: oneOf(oddsFormats, v.oddsFormat, d.oddsFormat),
    language: oneOf(locales, v.language, d.language),
  };
}

export function serializeDisplaySettings(settings: DisplaySettings): string {
  return JSON.stringify(settings);
}
