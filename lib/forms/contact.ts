import { internationalNumber } from './countries';

/** How a player names their account: by email or by phone (spec §3, §5). */
export type ContactMode = 'email' | 'phone';

/** The contact part of an email / phone form (ContactFields): the phone as typed, with its country. */
export type ContactValues = { email: string; country: string; phone: string };

/** The one contact field the chosen mode sends: the email, or the phone in international form. */
export function contactInput(
  mode: ContactMode,
  values: ContactValues,
): { email: string } | { phone: string } {
  return mode === 'email'
    ? { email: values.email.trim().toLowerCase() }
    : { phone: internationalNumber(values.country, values.phone) };
}

/** The same contact as one string, for calls that take `{ type, contact }`. */
export function contactValue(mode: ContactMode, values: ContactValues): string {
  const input = contactInput(mode, values);
  return 'email' in input ? input.email : input.phone;
}
