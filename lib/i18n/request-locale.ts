import { defaultLocale, isLocale, type Locale } from './locales';

/** The language of an API answer: the site's `x-locale` header, else Accept-Language, else English. */
export function requestLocale(request: Request): Locale {
  const explicit = request.headers.get('x-locale');
  if (isLocale(explicit)) return explicit;
  const accepted = request.headers.get('accept-language') ?? '';
  for (const part of accepted.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase().split('-')[0];
    if (isLocale(tag)) return tag;
  }
  return defaultLocale;
}
