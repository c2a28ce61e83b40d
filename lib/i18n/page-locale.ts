import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import type { Locale } from './locales';
import { routing } from './routing';

/**
 * A page's (or layout's) language from its `[lang]` segment: checked, set for next-intl's server
 * calls, and typed. An unknown segment is a 404, never a cast.
 */
export async function pageLocale(params: Promise<{ lang: string }>): Promise<Locale> {
  const { lang } = await params;
  if (!hasLocale(routing.locales, lang)) notFound();
  setRequestLocale(lang);
  return lang;
}
