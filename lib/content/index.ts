import 'server-only';
import { draftMode } from 'next/headers';
import { cache } from 'react';
import { config } from '@/lib/config';
import { defaultLocale, type Locale } from '@/lib/i18n/locales';
import { embeddedSource } from './embedded-source';
import { siteConfigurationSchema, type SiteConfiguration } from './schemas';
import type { ContentSource } from './source';
import { strapiSource } from './strapi-source';

export type { SiteConfiguration, SiteScript } from './schemas';

export const contentSource: ContentSource = config.CONTENT_API_URL
  ? strapiSource(config.CONTENT_API_URL, config.CONTENT_API_TOKEN)
  : embeddedSource;

async function isDraft(): Promise<boolean> {
  try {
    return (await draftMode()).isEnabled;
  } catch {
    return false; // outside a request (tests, scripts)
  }
}

/** Site configuration for a locale, else English (spec §7: current language, else en). */
export const getSiteConfiguration = cache(async (locale: Locale): Promise<SiteConfiguration> => {
  const draft = await isDraft();
  const doc =
    (await contentSource.getDocument('site-configuration', locale, { draft })) ??
    (locale === defaultLocale ? null : await contentSource.getDocument('site-configuration', defaultLocale, { draft }));
  if (!doc) throw new Error('site configuration is missing from the content service');
  return siteConfigurationSchema.parse(doc);
});
