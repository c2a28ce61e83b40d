import 'server-only';
import type { ContentDocument, ContentSource } from './source';

/** How each document is asked for: its REST path and what to populate (spec §7). */
const documents: Record<
  ContentDocument,
  { path: string; query: Record<string, string>; localized?: false; collection?: true }
> = {
  // The hero's images and CTA; each dynamic-zone section with what it holds.
  'home-page': {
    path: 'home-page',
    query: {
      'populate[hero][populate]': '*',
      'populate[sections][on][home.game-row]': 'true',
      'populate[sections][on][home.promotions-strip]': 'true',
      'populate[sections][on][home.sports-highlights][populate][items]': 'true',
    },
  },
  promotions: {
    path: 'promotions',
    query: {
      'populate[image]': 'true',
      'populate[cta]': 'true',
      sort: 'position:asc',
      'pagination[pageSize]': '100',
    },
    collection: true,
  },
  'help-articles': {
    path: 'help-articles',
    query: { 'populate[faq]': 'true', sort: 'position:asc', 'pagination[pageSize]': '100' },
    collection: true,
  },
  'legal-pages': {
    path: 'legal-pages',
    query: { 'pagination[pageSize]': '100' },
    collection: true,
  },
  'extra-configuration': {
    path: 'extra-configuration',
    query: {
      'populate[support]': 'true',
      'populate[social]': 'true',
      'populate[announcement]': 'true',
    },
  },
  // The same scripts in every language; only the enabled ones.
  'global-scripts': {
    path: 'global-scripts',
    query: {
      'filters[enabled][$eq]': 'true',
      sort: 'position:asc',
      'pagination[pageSize]': '100',
    },
    localized: false,
  },
  'site-configuration': {
    path: 'site-configuration',
    query: {
      'populate[logo]': 'true',
      'populate[alternative_logo]': 'true',
      'populate[seo][populate]': '*',
      'populate[headScripts]': 'true',
      'populate[bodyScripts]': 'true',
      'populate[support]': 'true',
    },
  },
  footer: {
    path: 'footer',
    query: {
      'populate[category][populate][link]': 'true',
      'populate[disclaimer][populate]': '*',
    },
  },
  'betting-cards': {
    path: 'betting-cards',
    query: {
      'populate[image]': 'true',
      'populate[icon]': 'true',
      'populate[cta]': 'true',
      sort: 'position:asc',
      'pagination[pageSize]': '100',
    },
  },
};

/** Strapi 5 REST: one path per document, with populate and locale; drafts in preview. */
export function strapiSource(baseUrl: string, token: string | undefined): ContentSource {
  const origin = new URL(baseUrl).origin;
  return {
    name: 'strapi',
    async getDocument(document, locale, { draft, signal }) {
      const { path, query, localized, collection } = documents[document];
      const url = new URL(`/api/${path}`, baseUrl);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      if (localized !== false) url.searchParams.set('locale', locale);
      if (draft) url.searchParams.set('status', 'draft');
      // Never Next's fetch cache: lib/content/cache.ts keeps documents, and drafts are never kept.
      const response = await fetch(url, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        cache: 'no-store',
        signal,
      });
      if (response.status === 404) return null;
      if (!response.ok)
        throw new Error(`content service answered ${response.status} for ${document}`);
      const body = (await response.json()) as { data?: unknown };
      const data = body.data ?? null;
      // A collection with no entry in this language is not translated yet: the caller falls back to en.
      if (collection && Array.isArray(data) && data.length === 0) return null;
      return absolutizeUploads(withoutNulls(data), origin);
    },
  };
}

/** Strapi answers uploads as paths on its own host; the site needs full addresses. */
function absolutizeUploads(value: unknown, origin: string): unknown {
  if (Array.isArray(value)) return value.map((v) => absolutizeUploads(v, origin));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      key === 'url' && typeof v === 'string' && v.startsWith('/uploads/')
        ? `${origin}${v}`
        : absolutizeUploads(v, origin),
    ]),
  );
}

/**
 * Strapi answers an empty optional field as null; the site's schemas say "absent" (optional), so
 * nulls inside documents are dropped (a null document stays null: not there).
 */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== null).map(withoutNulls);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([key, v]) => [key, withoutNulls(v)]),
  );
}
