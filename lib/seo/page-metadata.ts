import type { Metadata } from 'next';
import { hasLocale } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { getSiteConfiguration } from '@/lib/content';
import type { KeyIn } from '@/lib/i18n/message-keys';
import { routing } from '@/lib/i18n/routing';
import { siteMetadata } from './metadata';

/** A page's metadata: its localized title (a key under `pages`) on the site's SEO defaults. */
export async function pageMetadata(
  params: Promise<{ lang: string }>,
  path: string,
  titleKey: KeyIn<'pages'>,
): Promise<Metadata> {
  const { lang } = await params;
  if (!hasLocale(routing.locales, lang)) return {};
  const [t, site] = await Promise.all([
    getTranslations({ locale: lang, namespace: 'pages' }),
    getSiteConfiguration(lang),
  ]);
  return siteMetadata(lang, site, path, { title: t(titleKey) });
}
