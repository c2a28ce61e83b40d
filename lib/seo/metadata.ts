import type { Metadata } from 'next';
import { config } from '@/lib/config';
import type { SiteConfiguration } from '@/lib/content';
import { defaultLocale, locales, type Locale } from '@/lib/i18n/locales';

/** The address of a path in a language: English bare, every other language prefixed. */
export function localizedPath(locale: Locale, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === defaultLocale) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

/** Title, description, canonical and hreflang alternates for a page, from the site configuration. */
export function siteMetadata(
  locale: Locale,
  site: SiteConfiguration,
  path: string,
  title?: string,
): Metadata {
  const languages = Object.fromEntries(locales.map((l) => [l, localizedPath(l, path)]));
  return {
    metadataBase: new URL(config.SITE_URL),
    title: title ? `${title} | ${site.seo.siteName}` : site.seo.metaTitle,
    description: site.seo.metaDescription,
    keywords: site.seo.keywords,
    applicationName: site.seo.siteName,
    alternates: {
      canonical: localizedPath(locale, path),
      languages: { ...languages, 'x-default': localizedPath(defaultLocale, path) },
    },
    openGraph: {
      type: 'website',
      siteName: site.seo.siteName,
      title: title ?? site.seo.metaTitle,
      description: site.seo.metaDescription,
      locale,
      url: localizedPath(locale, path),
      images: site.seo.metaImage
        ? [{ url: site.seo.metaImage.url, alt: site.seo.metaImage.alt }]
        : undefined,
    },
    icons: { icon: '/favicon.svg' },
  };
}
