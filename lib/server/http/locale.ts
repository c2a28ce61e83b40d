import 'server-only';
import { createTranslator } from 'next-intl';
import { z } from 'zod';
import type { Locale } from '@/lib/i18n/locales';
import { isKeyOf } from '@/lib/i18n/message-keys';
import ar from '@/messages/ar.json';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';
import ja from '@/messages/ja.json';
import ko from '@/messages/ko.json';
import pt from '@/messages/pt.json';
import ru from '@/messages/ru.json';
import tr from '@/messages/tr.json';
import vi from '@/messages/vi.json';
import zh from '@/messages/zh.json';

const messages: Record<Locale, typeof en> = { en, es, pt, de, fr, tr, ru, ja, ko, zh, vi, ar };

const zodLocales: Record<Locale, () => { localeError: z.core.$ZodErrorMap }> = {
  en: z.locales.en,
  es: z.locales.es,
  pt: z.locales.pt,
  de: z.locales.de,
  fr: z.locales.fr,
  tr: z.locales.tr,
  ru: z.locales.ru,
  ja: z.locales.ja,
  ko: z.locales.ko,
  zh: z.locales.zhCN,
  vi: z.locales.vi,
  ar: z.locales.ar,
};

export { requestLocale } from '@/lib/i18n/request-locale';

export function apiTranslator(locale: Locale) {
  return createTranslator({ locale, messages: messages[locale], namespace: 'apiErrors' });
}

/** Texts the platform itself writes (code messages), in the player's language. */
export function mailTranslator(locale: Locale) {
  return createTranslator({ locale, messages: messages[locale], namespace: 'mail' });
}

/** Notices the platform raises itself (deposit credited, withdrawal sent), in the player's language. */
export function noticeTranslator(locale: Locale) {
  return createTranslator({ locale, messages: messages[locale], namespace: 'notices' });
}

/** Messages of shared schemas (lib/schemas) are keys of the `validation` namespace. */
function validationTranslator(locale: Locale) {
  return createTranslator({ locale, messages: messages[locale], namespace: 'validation' });
}

/** A schema rule's message in the asked language: a validation key is translated, other text kept. */
export function validationText(locale: Locale, raw: string): string {
  return isKeyOf(en.validation, raw) ? validationTranslator(locale)(raw) : raw;
}

export function zodErrorMap(locale: Locale): z.core.$ZodErrorMap {
  return zodLocales[locale]().localeError;
}
