import 'server-only';
import type { ContentSource } from './source';

export const CONTENT_TAG = 'content';

/** Strapi 5 REST: single types under /api/<document>, with populate and locale; drafts in preview. */
export function strapiSource(baseUrl: string, token: string | undefined): ContentSource {
  return {
    name: 'strapi',
    async getDocument(document, locale, { draft }) {
      const url = new URL(`/api/${document}`, baseUrl);
      url.searchParams.set('populate', '*');
      url.searchParams.set('locale', locale);
      if (draft) url.searchParams.set('status', 'draft');
      const response = await fetch(url, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        ...(draft ? { cache: 'no-store' as const } : { next: { tags: [CONTENT_TAG, `${CONTENT_TAG}:${document}`] } }),
      });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`content service answered ${response.status} for ${document}`);
      const body = (await response.json()) as { data?: unknown };
      return body.data ?? null;
    },
  };
}
