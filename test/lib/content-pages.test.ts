import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  helpArticlesSchema,
  homePageSchema,
  legalPagesSchema,
  legalSlugs,
  promotionsSchema,
  type Promotion,
} from '@/lib/content/page-schemas';
import { locales } from '@/lib/i18n/locales';
import { helpQuery, searchHelp } from '@/lib/site/help-search';
import { listedPromotions, promotionState } from '@/lib/site/promotions';

/**
 * Contracts of the content pages' documents (issue 16): the home page, promotions, help articles and
 * legal pages parse in every language the demo ships, as the embedded files and as Strapi answers
 * them; a bad section or link is dropped, a malformed document refused.
 */
const read = (locale: string, name: string) =>
  JSON.parse(readFileSync(path.join(process.cwd(), 'content', locale, `${name}.json`), 'utf8'));

describe.each(locales)('the content pages in %s', (locale) => {
  it('parse, with the same pages as English', () => {
    const home = homePageSchema.parse(read(locale, 'home-page'));
    const english = homePageSchema.parse(read('en', 'home-page'));
    expect(home.hero.length).toBeGreaterThan(0);
    expect(home.sections.map((s) => s.__component)).toEqual(
      english.sections.map((s) => s.__component),
    );
    const slugs = (docs: { slug: string }[]) => docs.map((d) => d.slug);
    expect(slugs(promotionsSchema.parse(read(locale, 'promotions')))).toEqual(
      slugs(promotionsSchema.parse(read('en', 'promotions'))),
    );
    expect(slugs(helpArticlesSchema.parse(read(locale, 'help-articles')))).toEqual(
      slugs(helpArticlesSchema.parse(read('en', 'help-articles'))),
    );
    expect(slugs(legalPagesSchema.parse(read(locale, 'legal-pages'))).sort()).toEqual(
      [...legalSlugs].sort(),
    );
  });
});

it('the home page as Strapi answers it: numbered components, a dynamic zone, unknown kinds dropped', () => {
  const home = homePageSchema.parse({
    id: 3,
    documentId: 'home',
    hero: [
      {
        id: 7,
        title: 'Welcome',
        image: { id: 1, url: 'http://cms.test/uploads/hero.png', alternativeText: null },
        cta: { id: 2, label: 'Go', href: 'javascript:alert(1)', isExternal: false },
      },
    ],
    sections: [
      {
        __component: 'home.game-row',
        id: 1,
        title: 'Hot',
        section: 'casino',
        category: 'hot-games',
      },
      // a category that is not the lobby's: the row is left out, the page kept
      {
        __component: 'home.game-row',
        id: 2,
        title: 'Bad',
        section: 'casino',
        category: 'bonus-buy',
      },
      { __component: 'home.quiz', id: 3, title: 'A kind this site does not draw' },
      {
        __component: 'home.sports-highlights',
        id: 4,
        title: 'Sports',
        items: [{ id: 1, title: 'Live', btPath: '/live' }],
      },
    ],
  });
  expect(home.hero[0]).toMatchObject({ id: '7', image: { alt: '' }, cta: null });
  expect(home.sections.map((s) => s.id)).toEqual(['1', '4']);
});

it('refuses malformed documents (the cache then serves the last good copy)', () => {
  expect(homePageSchema.safeParse({ hero: [{ id: 1, title: 'No image' }] }).success).toBe(false);
  expect(promotionsSchema.safeParse([{ slug: 'Bad Slug!', title: 'x' }]).success).toBe(false);
  expect(legalPagesSchema.safeParse([{ slug: 'cookies', title: 'x', body: [] }]).success).toBe(
    false,
  );
});

it('article text keeps paragraphs, lists and headings (levels 2–4), drops other blocks', () => {
  const [article] = helpArticlesSchema.parse([
    {
      slug: 'a',
      category: 'account',
      title: 'A',
      summary: 'S',
      body: [
        { type: 'heading', level: 1, children: [{ type: 'text', text: 'Top' }] },
        { type: 'code', children: [{ type: 'text', text: 'x' }] },
        { type: 'paragraph', children: [{ type: 'link', url: 'javascript:x', children: [] }] },
      ],
    },
  ]);
  expect(article!.body.map((b) => b.type)).toEqual(['heading', 'paragraph']);
  expect(article!.body[0]).toMatchObject({ level: 2 });
  expect(article!.body[1]).toMatchObject({ children: [{ type: 'link', url: '' }] });
});

describe('promotions', () => {
  const promo = (slug: string, startsAt: string, endsAt?: string): Promotion => ({
    slug,
    title: slug,
    summary: slug,
    image: { url: '/p.svg', alt: '' },
    body: [],
    terms: [],
    startsAt,
    ...(endsAt ? { endsAt } : {}),
  });
  const now = new Date('2026-06-15T12:00:00Z');

  it('is upcoming before it starts, active while it runs, ended at its end', () => {
    expect(promotionState(promo('a', '2026-07-01T00:00:00Z'), now)).toBe('upcoming');
    expect(promotionState(promo('a', '2026-01-01T00:00:00Z'), now)).toBe('active');
    expect(promotionState(promo('a', '2026-01-01T00:00:00Z', '2026-06-15T12:00:00Z'), now)).toBe(
      'ended',
    );
  });

  it('lists running ones first, then coming ones, never ended ones', () => {
    const listed = listedPromotions(
      [
        promo('soon', '2026-07-01T00:00:00Z'),
        promo('over', '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z'),
        promo('now', '2026-01-01T00:00:00Z'),
      ],
      now,
    );
    expect(listed.map((p) => p.slug)).toEqual(['now', 'soon']);
  });
});

describe('help search', () => {
  const articles = helpArticlesSchema.parse(read('en', 'help-articles'));

  it('finds articles holding every word, title matches first, case- and accent-blind', () => {
    const hits = searchHelp(articles, 'DEPOSIT');
    expect(hits[0]!.slug).toBe('deposit-crypto');
    expect(hits.map((a) => a.slug)).toContain('set-limits');
    expect(searchHelp(articles, 'withdraw two-factor').map((a) => a.slug)).toEqual([
      'withdraw-crypto',
    ]);
    expect(searchHelp(articles, 'authenticatör').map((a) => a.slug)).toContain(
      'two-factor-authentication',
    );
    expect(searchHelp(articles, 'zzzz')).toEqual([]);
  });

  it('searches in every script and ignores a blank query (spec §5)', () => {
    const ja = helpArticlesSchema.parse(read('ja', 'help-articles'));
    const title = ja[0]!.title.slice(0, 4);
    expect(searchHelp(ja, title).map((a) => a.slug)).toContain(ja[0]!.slug);
    expect(helpQuery('   ')).toBe('');
    expect(searchHelp(articles, '')).toEqual([]);
    expect(helpQuery('x'.repeat(500))).toHaveLength(100);
  });
});
