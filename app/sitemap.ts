import type { MetadataRoute } from 'next';
import { config } from '@/lib/config';
import { locales } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/seo/metadata';
import { indexedPaths } from '@/lib/seo/site-paths';

export const dynamic = 'force-dynamic';

const absolute = (path: string) => new URL(path, config.SITE_URL).toString();

/** Every indexed page once per language, each listing its translations (hreflang). */
export default function sitemap(): MetadataRoute.Sitemap {
  return indexedPaths.flatMap((path) => {
    const languages = Object.fromEntries(locales.map((l) => [l, absolute(localizedPath(l, path))]));
    return locales.map((locale) => ({
      url: absolute(localizedPath(locale, path)),
      changeFrequency: 'daily' as const,
      alternates: { languages },
    }));
  });
}
