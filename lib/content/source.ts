import type { Locale } from '@/lib/i18n/locales';

/** One interface over the embedded documents and a Strapi 5 service, so pages never know which. */
export type ContentDocument =
  | 'site-configuration'
  | 'extra-configuration'
  | 'global-scripts'
  | 'footer'
  | 'betting-cards'
  | 'home-page'
  | 'promotions'
  | 'help-articles'
  | 'legal-pages';

export interface ContentSource {
  readonly name: 'embedded' | 'strapi';
  /** The raw document for a locale, or null when that locale has none (the caller falls back to en). */
  getDocument(
    document: ContentDocument,
    locale: Locale,
    options: { draft: boolean; signal?: AbortSignal },
  ): Promise<unknown>;
}

/** The cache tag of a document in a locale: pages showing it are dropped when it changes. */
export const contentTag = (document: ContentDocument, locale: string) =>
  `content:${document}:${locale}`;
