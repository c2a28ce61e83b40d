import { z } from 'zod';
import { defaultLocale, locales } from '@/lib/i18n/locales';

/** Display settings (spec §3, §4): kept in a cookie so the server paints the first frame right. */
export const DISPLAY_SETTINGS_COOKIE = 'display-settings';
export const DISPLAY_SETTINGS_MAX_AGE_DAYS = 365;

export const themeModes = ['light', 'dark'] as const;
export const themeDirections = ['ltr', 'rtl'] as const;
export const themeContrasts = ['default', 'bold'] as const;
export const themeColorPresets = ['default', 'cyan', 'purple', 'blue', 'orange', 'red'] as const;
export const themeLayouts = ['vertical', 'mini', 'horizontal'] as const;

export const displaySettingsSchema = z.object({
  themeMode: z.enum(themeModes).catch('dark'),
  themeDirection: z.enum(themeDirections).catch('ltr'),
  themeContrast: z.enum(themeContrasts).catch('default'),
  themeColorPresets: z.enum(themeColorPresets).catch('default'),
  themeLayout: z.enum(themeLayouts).catch('vertical'),
  language: z.enum(locales).catch(defaultLocale),
});

export type DisplaySettings = z.infer<typeof displaySettingsSchema>;
export type ThemeMode = DisplaySettings['themeMode'];
export type ThemeDirection = DisplaySettings['themeDirection'];
export type ThemeContrast = DisplaySettings['themeContrast'];
export type ThemeColorPreset = DisplaySettings['themeColorPresets'];

export const defaultDisplaySettings: DisplaySettings = displaySettingsSchema.parse({});

/** A damaged or foreign cookie never breaks the page: each bad field falls back to its default. */
export function parseDisplaySettings(raw: string | undefined | null): DisplaySettings {
  if (!raw) return defaultDisplaySettings;
  try {
    const value: unknown = JSON.parse(raw);
    return displaySettingsSchema.parse(typeof value === 'object' && value !== null ? value : {});
  } catch {
    return defaultDisplaySettings;
  }
}

export function serializeDisplaySettings(settings: DisplaySettings): string {
  return JSON.stringify(settings);
}
