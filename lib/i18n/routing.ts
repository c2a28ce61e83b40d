import { defineRouting } from 'next-intl/routing';
import { defaultLocale, locales } from './locales';

export const routing = defineRouting({
  locales,
  defaultLocale,
  // English lives at the bare path; every other language carries its prefix (/es/casino).
  localePrefix: 'as-needed',
  // The language comes from the path alone (spec §2), so crawlers and players see the same URL.
  localeDetection: false,
  // The chosen language is kept with the display settings instead.
  localeCookie: false,
  // Every page's head lists its languages from SITE_URL; the middleware's Link header named whatever
  // host the request did, and made the page differ by host (lib/serve/html-cache.ts keys without it).
  alternateLinks: false,
});
