'use client';

import { NextIntlClientProvider, useLocale, useMessages, useTimeZone } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import type { LazyNamespace } from '@/lib/i18n/client-namespaces';
import { locales, type Locale } from '@/lib/i18n/locales';
import type en from '@/messages/en.json';

type Messages = typeof en;

/** One chunk per language, fetched the first time a lazy namespace is shown in it. */
const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import('@/messages/en.json'),
  es: () => import('@/messages/es.json'),
  pt: () => import('@/messages/pt.json'),
  de: () => import('@/messages/de.json'),
  fr: () => import('@/messages/fr.json'),
  ru: () => import('@/messages/ru.json'),
  tr: () => import('@/messages/tr.json'),
  ja: () => import('@/messages/ja.json'),
  ko: () => import('@/messages/ko.json'),
  zh: () => import('@/messages/zh.json'),
  vi: () => import('@/messages/vi.json'),
  ar: () => import('@/messages/ar.json'),
};

const loaded = new Map<string, Messages>();

/**
 * Messages every page does not need (the wallet's) reach the browser only when a component that
 * reads them first renders: the page's payload stays the size the render budget allows. A page
 * that already gave them (an account page's server parent) renders its children at once.
 */
export function LazyMessages({
  namespaces,
  children,
  fallback = null,
}: {
  namespaces: readonly LazyNamespace[];
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const locale = useLocale();
  const messages = useMessages();
  const timeZone = useTimeZone();
  const given = namespaces.every((ns) => ns in messages);
  const lang = locales.find((l) => l === locale) ?? 'en';
  const [, setVersion] = useState(0);
  const ready = loaded.get(lang);

  useEffect(() => {
    if (given || ready) return;
    let live = true;
    void loaders[lang]().then((module) => {
      loaded.set(lang, module.default);
      if (live) setVersion((v) => v + 1);
    });
    return () => {
      live = false;
    };
  }, [given, ready, lang]);

  if (given) return children;
  if (!ready) return fallback;
  const extra = Object.fromEntries(namespaces.map((ns) => [ns, ready[ns]]));
  return (
    <NextIntlClientProvider
      locale={locale}
      timeZone={timeZone}
      messages={{ ...messages, ...extra }}
    >
      {children}
    </NextIntlClientProvider>
  );
}
