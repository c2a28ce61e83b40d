import 'server-only';
import { draftMode } from 'next/headers';
import { cache } from 'react';
import type { z } from 'zod';
import { config } from '@/lib/config';
import { defaultLocale, type Locale } from '@/lib/i18n/locales';
import { embeddedSource } from './embedded-source';
import {
  bettingCardsSchema,
  footerSchema,
  siteConfigurationSchema,
  type BettingCard,
  type Footer,
  type SiteConfiguration,
} from './schemas';
import type { ContentDocument, ContentSource } from './source';
import { strapiSource } from './strapi-source';

export type {
  BettingCard,
  Footer,
  FooterLink,
  Media,
  RichText,
  SiteConfiguration,
  SiteScript,
} from './schemas';

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

/** A document in the locale, else in English (spec §7: current language, else en), validated. */
async function load<S extends z.ZodType>(
  document: ContentDocument,
  locale: Locale,
  schema: S,
): Promise<z.output<S>> {
  const draft = await isDraft();
  const doc =
    (await contentSource.getDocument(document, locale, { draft })) ??
    (locale === defaultLocale
      ? null
      : await contentSource.getDocument(document, defaultLocale, { draft }));
  if (!doc) throw new Error(`${document} is missing from the content service`);
  return schema.parse(doc);
}

export const getSiteConfiguration = cache(
  (locale: Locale): Promise<SiteConfiguration> =>
    load('site-configuration', locale, siteConfigurationSchema),
);

export const getFooter = cache((locale: Locale): Promise<Footer> => load('footer', locale, footerSchema));

export const getBettingCards = cache(
  (locale: Locale): Promise<BettingCard[]> => load('betting-cards', locale, bettingCardsSchema),
);
