/** The languages the site ships, in the order the language picker lists them. */
export const locales = [
  'en',
  'es',
  'pt',
  'de',
  'fr',
  'tr',
  'ru',
  'ja',
  'ko',
  'zh',
  'vi',
  'ar',
] as const;

export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = 'en';

const rtlLocales: ReadonlySet<Locale> = new Set(['ar']);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

export function localeDirection(locale: Locale): 'ltr' | 'rtl' {
  return rtlLocales.has(locale) ? 'rtl' : 'ltr';
}
