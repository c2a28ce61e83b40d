import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defaultLocale, isLocale, localeDirection } from '@/lib/i18n/locales';

/*
 * The frames' texts: the `studio` part of the site's own message files (every language the site
 * ships), flattened to dotted keys for the page script.
 */

const cache = new Map<string, Record<string, string>>();

function flatten(value: unknown, prefix: string, out: Record<string, string>) {
  if (typeof value === 'string') out[prefix] = value;
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      flatten(inner, prefix ? `${prefix}.${key}` : key, out);
    }
  }
  return out;
}

/** The language a launch asked for when the site ships it, else English. */
export const frameLocale = (lang: string) => (isLocale(lang) ? lang : defaultLocale);

export const directionOf = (lang: string) => localeDirection(frameLocale(lang));

export function studioMessages(root: string, lang: string): Record<string, string> {
  const locale = frameLocale(lang);
  const known = cache.get(locale);
  if (known) return known;
  const file = JSON.parse(readFileSync(path.join(root, 'messages', `${locale}.json`), 'utf8')) as {
    studio?: unknown;
  };
  const texts = flatten(file.studio, '', {});
  cache.set(locale, texts);
  return texts;
}
