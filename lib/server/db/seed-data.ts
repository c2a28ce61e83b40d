import { isLocale, localeDirection } from '@/lib/i18n/locales';
import cryptos from './seed/cryptos.json';
import languages from './seed/languages.json';

/*
 * Demo data the platform starts with (the rows themselves are in seed/*.json); seeding inserts what
 * is missing, so twice changes nothing.
 */

/** The languages the picker offers, in its order; the text direction follows the locale's. */
export const languageRows = languages.map((row, sortOrder) => ({
  ...row,
  direction: isLocale(row.code) ? localeDirection(row.code) : ('ltr' as const),
  sortOrder,
}));

/** The cryptocurrencies the footer counts and shows, in display order. */
export const cryptoRows = cryptos.map((row, sortOrder) => ({ ...row, sortOrder }));
