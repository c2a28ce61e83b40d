import { localeDirection, type Locale } from '@/lib/i18n/locales';
import type { DisplaySettings } from './display-settings';

/** A right-to-left language is always RTL; otherwise the player's direction setting decides. */
export function effectiveDirection(
  locale: Locale,
  settings: Pick<DisplaySettings, 'themeDirection'>,
): 'ltr' | 'rtl' {
  return localeDirection(locale) === 'rtl' ? 'rtl' : settings.themeDirection;
}
