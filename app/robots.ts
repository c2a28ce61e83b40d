import type { MetadataRoute } from 'next';
import { config } from '@/lib/config';
import { locales } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/seo/metadata';
import { privatePaths } from '@/lib/seo/site-paths';

export const dynamic = 'force-dynamic';

/**
 * Crawlers leave alone: the API (the editors' preview link is under it), the player's own pages in
 * every language, and search results (`?q=`; the pages also say noindex). Drafts answer noindex.
 */
export default function robots(): MetadataRoute.Robots {
  const disallow = [
    ...new Set(
      locales.flatMap((l) => privatePaths.map((p) => (p === '/api/' ? p : localizedPath(l, p)))),
    ),
    '/*?q=',
    '/*&q=',
  ];
  return {
    rules: [{ userAgent: '*', allow: '/', disallow }],
    sitemap: new URL('/sitemap.xml', config.SITE_URL).toString(),
  };
}
