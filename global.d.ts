import type { routing } from '@/lib/i18n/routing';
import type messages from '@/messages/en.json';

// next-intl's typed configuration: `useLocale()` returns a Locale, and a message key that is not in
// the English file (the source every other language follows) fails the type-check.
declare module 'next-intl' {
  interface AppConfig {
    Locale: (typeof routing.locales)[number];
    Messages: typeof messages;
  }
}
