import { config } from '@/lib/config';
import { sitemapIndexXml } from '@/lib/seo/sitemap';

export const dynamic = 'force-dynamic';

/** The sitemap index: one sitemap per language (/sitemaps/<lang>.xml). */
export function GET() {
  return new Response(sitemapIndexXml(config.SITE_URL), {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    },
  });
}
