import 'server-only';
import { apiRequest } from '@/lib/api/client';
import { getHelpArticles, getLegalPages, getPromotions } from '@/lib/content';
import { defaultLocale, locales, type Locale } from '@/lib/i18n/locales';
import type { GameProvider, GamesPage } from '@/lib/schemas/games';
import { GAMES_MAX_LIMIT } from '@/lib/schemas/games-limits';
import { sportsApi } from '@/lib/api/sportsbook';
import { sportKeys } from '@/lib/schemas/sportsbook';
import { SECTION_MAX } from '@/lib/sportsbook/sections';
import { sportSection, sportsEventBtPath, sportsHref, sportsSections } from '@/lib/site/paths';
import { listedPromotions } from '@/lib/site/promotions';
import { absoluteUrl } from './metadata';
import { indexedPaths } from './site-paths';

/** A crawler's budget: a catalog bigger than this is listed in part rather than never answering. */
const MAX_GAME_PAGES = 50;

/** Every game's page path, through the platform's list call like any other client. */
async function gamePaths(): Promise<string[]> {
  const paths: string[] = [];
  for (let page = 1; page <= MAX_GAME_PAGES; page += 1) {
    const list = await apiRequest<GamesPage>('/games', {
      query: { limit: GAMES_MAX_LIMIT, page },
      revalidate: 300,
    });
    paths.push(...list.data.map((g) => `/casino/games/${g.slug}`));
    if (page >= list.totalPages) break;
  }
  return paths;
}

/** The sportsbook's sections and every match still to start, each at its bt-path. */
async function sportsPaths(): Promise<string[]> {
  const sections = sportsSections.filter((s) => sportKeys.some((k) => k === s.key));
  const lists = await Promise.all(
    sportKeys.map((sport) => sportsApi.events(sport, SECTION_MAX, 60).catch(() => [])),
  );
  const events = lists.flat().flatMap((event) => {
    const section = sportSection(event.sport);
    return section ? [sportsHref(sportsEventBtPath(section, event))] : [];
  });
  // /sports itself (a fixed page) is the live section.
  return [...sections.map((s) => sportsHref(s.btPath)), ...events];
}

async function providerPaths(): Promise<string[]> {
  const providers = await apiRequest<GameProvider[]>('/games/providers', { revalidate: 300 });
  return providers.map((p) => `/providers/${p.slug}`);
}

/** The pages of one language: fixed pages, the catalog, and what the editors wrote in that language. */
export async function sitemapPaths(locale: Locale): Promise<string[]> {
  const [games, providers, promotions, help, legal, sports] = await Promise.all([
    gamePaths(),
    providerPaths(),
    getPromotions(locale),
    getHelpArticles(locale),
    getLegalPages(locale),
    sportsPaths(),
  ]);
  return [
    ...indexedPaths,
    ...listedPromotions(promotions, new Date()).map((p) => `/promotions/${p.slug}`),
    ...help.map((a) => `/help/${a.slug}`),
    ...legal.map((l) => `/legal/${l.slug}`),
    ...providers,
    ...games,
    ...sports,
  ];
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One language's urlset, each page listing its translations and x-default (hreflang). */
export function urlsetXml(locale: Locale, paths: string[]): string {
  const urls = paths.map((path) => {
    const alternates = [
      ...locales.map((l) => [l, absoluteUrl(l, path)] as const),
      ['x-default', absoluteUrl(defaultLocale, path)] as const,
    ]
      .map(
        ([lang, href]) =>
          `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(href)}"/>`,
      )
      .join('');
    return `<url><loc>${escapeXml(absoluteUrl(locale, path))}</loc>${alternates}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

export function sitemapIndexXml(siteUrl: string): string {
  const entries = locales
    .map(
      (l) =>
        `<sitemap><loc>${escapeXml(new URL(`/sitemaps/${l}.xml`, siteUrl).toString())}</loc></sitemap>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`;
}
