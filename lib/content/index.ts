import 'server-only';
import { draftMode } from 'next/headers';
import { cache } from 'react';
import type { z } from 'zod';
import { config } from '@/lib/config';
import { defaultLocale, type Locale } from '@/lib/i18n/locales';
import { logger } from '@/lib/logger';
import { addRenderTags } from '@/lib/serve/render-tags';
import { createContentCache, type ContentCache } from './cache';
import { embeddedSource } from './embedded-source';
import {
  bettingCardsSchema,
  extraConfigurationSchema,
  globalScriptsSchema,
  type ExtraConfiguration,
  type GlobalScripts,
  footerSchema,
  siteConfigurationSchema,
  type BettingCard,
  type Footer,
  type SiteConfiguration,
} from './schemas';
export type {
  HelpArticle,
  HelpCategory,
  HeroBanner,
  HomePage,
  HomeSection,
  LegalPage,
  LegalSlug,
  Promotion,
} from './page-schemas';
import {
  helpArticlesSchema,
  homePageSchema,
  legalPagesSchema,
  promotionsSchema,
  type HelpArticle,
  type HomePage,
  type LegalPage,
  type LegalSlug,
  type Promotion,
} from './page-schemas';
import { contentTag, type ContentDocument, type ContentSource } from './source';
import { strapiSource } from './strapi-source';

export type {
  BettingCard,
  ExtraConfiguration,
  GlobalScripts,
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

// Route handlers and pages are bundled apart: one cache for the process (the webhook empties it).
const holder = globalThis as { __contentCache?: ContentCache };
export const contentCache = (holder.__contentCache ??= createContentCache({
  ttlMs: config.CONTENT_TTL_MS,
  timeoutMs: config.CONTENT_TIMEOUT_MS,
}));

/**
 * A draft has no last good copy to fall back on: past the timeout the editor gets an error page,
 * so a slow CMS is waited for longer in preview than on the live site.
 */
const DRAFT_TIMEOUT_MS = Math.max(config.CONTENT_TIMEOUT_MS, 10_000);

async function isDraft(): Promise<boolean> {
  try {
    return (await draftMode()).isEnabled;
  } catch {
    return false; // outside a request (tests, scripts)
  }
}

/**
 * One document in one locale, validated: from the cache, else the content service (drafts always
 * from the service, never kept). A malformed answer is a failure like a timeout: the last good copy
 * is served, else the embedded document, so the page renders; the failure is logged.
 */
async function fetchDocument<S extends z.ZodType>(
  document: ContentDocument,
  locale: Locale,
  schema: S,
  draft: boolean,
): Promise<z.output<S> | null> {
  const fetcher = async (signal: AbortSignal) => {
    const doc = await contentSource.getDocument(document, locale, { draft, signal });
    return doc === null ? null : schema.parse(doc);
  };
  if (draft) return fetcher(AbortSignal.timeout(DRAFT_TIMEOUT_MS));
  const tag = contentTag(document, locale);
  addRenderTags(tag);
  try {
    return await contentCache.load(`${document}:${locale}`, [tag], fetcher);
  } catch (err) {
    if (contentSource === embeddedSource) throw err;
    logger.error(
      { err, document, locale },
      'content service failed with no copy: embedded document',
    );
    const doc = await embeddedSource.getDocument(document, locale, { draft: false });
    return doc === null ? null : schema.parse(doc);
  }
}

/** A document in the locale, else in English (spec §7: current language, else en). */
async function load<S extends z.ZodType>(
  document: ContentDocument,
  locale: Locale,
  schema: S,
): Promise<z.output<S>> {
  const draft = await isDraft();
  const doc =
    (await fetchDocument(document, locale, schema, draft)) ??
    (locale === defaultLocale ? null : await fetchDocument(document, defaultLocale, schema, draft));
  if (!doc) throw new Error(`${document} is missing from the content service`);
  return doc;
}

export const getSiteConfiguration = cache((locale: Locale): Promise<SiteConfiguration> =>
  load('site-configuration', locale, siteConfigurationSchema),
);

export const getFooter = cache((locale: Locale): Promise<Footer> =>
  load('footer', locale, footerSchema),
);

export const getExtraConfiguration = cache((locale: Locale): Promise<ExtraConfiguration> =>
  load('extra-configuration', locale, extraConfigurationSchema),
);

/** The same in every language: read once, in English. */
export const getGlobalScripts = cache((): Promise<GlobalScripts> =>
  load('global-scripts', defaultLocale, globalScriptsSchema),
);

export const getBettingCards = cache((locale: Locale): Promise<BettingCard[]> =>
  load('betting-cards', locale, bettingCardsSchema),
);

export const getHomePage = cache((locale: Locale): Promise<HomePage> =>
  load('home-page', locale, homePageSchema),
);

export const getPromotions = cache((locale: Locale): Promise<Promotion[]> =>
  load('promotions', locale, promotionsSchema),
);

export const getHelpArticles = cache((locale: Locale): Promise<HelpArticle[]> =>
  load('help-articles', locale, helpArticlesSchema),
);

export const getLegalPages = cache((locale: Locale): Promise<LegalPage[]> =>
  load('legal-pages', locale, legalPagesSchema),
);

export async function getLegalPage(locale: Locale, slug: LegalSlug): Promise<LegalPage | null> {
  return (await getLegalPages(locale)).find((p) => p.slug === slug) ?? null;
}
