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

/** The full address of a path in a language, on the site's public address (SITE_URL). */
export function absoluteUrl(locale: Locale, path: string): string {
  return new URL(localizedPath(locale, path), config.SITE_URL).toString();
}

export type PageSeo = {
  title?: string;
  /** The page's own description; else the site's. */
  description?: string;
  /** The page's own image (a promotion's); else the generated card (opengraph-image). */
  image?: { url: string; alt: string };
  type?: 'website' | 'article';
  /** Search results, previews and the player's own pages are not indexed. */
  noindex?: boolean;
};

/** Social networks draw raster images only: an SVG (the demo's artwork) gives way to the card. */
function shareImage(image: { url: string; alt: string } | undefined) {
  return image && !/\.svg(?:$|\?)/i.test(image.url)
    ? { url: image.url, alt: image.alt }
    : undefined;
}

/** The generated sharing card (app/opengraph-image.tsx). */
const generatedCard = (site: SiteConfiguration) => ({
  url: '/opengraph-image',
  width: 1200,
  height: 630,
  alt: site.seo.siteName,
  type: 'image/png',
});

/**
 * Title, description, canonical, hreflang for every language and x-default, Open Graph and
 * Twitter cards for a page, on the site configuration's SEO defaults.
 */
export function siteMetadata(
  locale: Locale,
  site: SiteConfiguration,
  path: string,
  seo: PageSeo = {},
): Metadata {
  const languages = Object.fromEntries(locales.map((l) => [l, localizedPath(l, path)]));
  const title = seo.title ? `${seo.title} | ${site.seo.siteName}` : site.seo.metaTitle;
  const description = seo.description ?? site.seo.metaDescription;
  const images = [shareImage(seo.image) ?? shareImage(site.seo.metaImage) ?? generatedCard(site)];
  return {
    metadataBase: new URL(config.SITE_URL),
    title,
    description,
    keywords: site.seo.keywords,
    applicationName: site.seo.siteName,
    alternates: {
      canonical: localizedPath(locale, path),
      languages: { ...languages, 'x-default': localizedPath(defaultLocale, path) },
    },
    openGraph: {
      type: seo.type ?? 'website',
      siteName: site.seo.siteName,
      title,
      description,
      locale,
      url: localizedPath(locale, path),
      images,
    },
    twitter: {
      card: 'summary_large_image',
      title,
      description,
      images,
    },
    ...(seo.noindex ? { robots: { index: false, follow: true } } : {}),
    icons: { icon: '/favicon.svg' },
  };
}
