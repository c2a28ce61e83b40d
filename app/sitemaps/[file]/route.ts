import { isLocale } from '@/lib/i18n/locales';
import { sitemapPaths, urlsetXml } from '@/lib/seo/sitemap';
import { localizedJsonError } from '@/lib/site/json-error';

export const dynamic = 'force-dynamic';

/** One language's sitemap: /sitemaps/<lang>.xml. */
export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  const lang = (await params).file.replace(/\.xml$/, '');
  if (!isLocale(lang)) return localizedJsonError(request, 404, 'NOT_FOUND', 'notFound');
  return new Response(urlsetXml(lang, await sitemapPaths(lang)), {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    },
  });
}
