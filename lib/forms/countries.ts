import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';

/** Country list (spec §3): code, label, dial code and the `suggested` flag; about 245 entries. */
export type Country = { code: CountryCode; label: string; phone: string; suggested: boolean };

/** Where most of our players come from: listed first in the picker. */
const SUGGESTED = new Set<string>(['US', 'CR', 'BR', 'MX', 'ES', 'DE', 'TR', 'JP', 'KR', 'VN']);

/**
 * Every country libphonenumber knows (its metadata is the kept library), named in the page's
 * language by the browser's own Intl data, suggested ones first, then alphabetical.
 */
export function countryList(locale: string): Country[] {
  const names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  const collator = new Intl.Collator(locale);
  return getCountries()
    .map((code) => ({
      code,
      label: names.of(code) ?? code,
      phone: getCountryCallingCode(code),
      suggested: SUGGESTED.has(code),
    }))
    .sort((a, b) =>
      a.suggested !== b.suggested ? (a.suggested ? -1 : 1) : collator.compare(a.label, b.label),
    );
}

export function isCountryCode(value: string | null | undefined): value is CountryCode {
  return Boolean(value) && (getCountries() as string[]).includes(value!.toUpperCase());
}

/** The international number from the picked country and what the player typed. */
export function internationalNumber(country: string, national: string): string {
  const digits = national.replace(/\D/g, '');
  if (!digits) return '';
  if (national.trim().startsWith('+')) return `+${digits}`;
  const code = country.toUpperCase();
  // An unknown country adds no prefix: the number then fails the phone rule with its own message.
  return isCountryCode(code) ? `+${getCountryCallingCode(code)}${digits}` : `+${digits}`;
}
