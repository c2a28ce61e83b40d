import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getSiteConfiguration } from '@/lib/content';
import { embeddedSource } from '@/lib/content/embedded-source';
import { bettingCardsSchema, footerSchema, siteConfigurationSchema } from '@/lib/content/schemas';
import { strapiSource } from '@/lib/content/strapi-source';
import { locales } from '@/lib/i18n/locales';

describe('embedded content', () => {
  it.each(locales)('ships a valid site configuration for %s', async (locale) => {
    const doc = await embeddedSource.getDocument('site-configuration', locale, { draft: false });
    const site = siteConfigurationSchema.parse(doc);
    expect(site.logo.url).toMatch(/^\//);
    expect(site.seo.metaTitle.length).toBeGreaterThan(10);
  });

  it.each(locales)('ships a valid footer and betting cards for %s', async (locale) => {
    const footer = footerSchema.parse(
      await embeddedSource.getDocument('footer', locale, { draft: false }),
    );
    const english = footerSchema.parse(
      await embeddedSource.getDocument('footer', 'en', { draft: false }),
    );
    // Same links in every language: only the words change.
    expect(footer.category.flatMap((c) => c.link.map((l) => l.href))).toEqual(
      english.category.flatMap((c) => c.link.map((l) => l.href)),
    );
    expect(footer.category.find((c) => c.onlyIcons)?.link.length).toBeGreaterThan(0);
    expect(footer.disclaimer[0]?.mobileImage?.url).toBe('/footer/age-18-mobile.svg');
    const cards = bettingCardsSchema.parse(
      await embeddedSource.getDocument('betting-cards', locale, { draft: false }),
    );
    expect(cards.filter((c) => c.displayInDrawer)).toHaveLength(5);
    if (locale !== 'en')
      expect(footer.disclaimer[0]?.heading).not.toBe(english.disclaimer[0]?.heading);
  });

  it('reads Strapi media alt text from alternativeText', () => {
    const parsed = bettingCardsSchema.parse([
      {
        heading: 'H',
        description: 'D',
        image: { url: '/x.png', alternativeText: 'Roulette wheel' },
        cta: { label: 'Go', href: '/casino' },
      },
    ]);
    expect(parsed[0]!.image.alt).toBe('Roulette wheel');
    expect(parsed[0]!.displayInDrawer).toBe(false);
  });

  it('localizes the SEO title', async () => {
    expect((await getSiteConfiguration('es')).seo.metaTitle).toContain('casino cripto');
    expect((await getSiteConfiguration('en')).seo.metaTitle).toContain('crypto casino');
  });

  it('has nothing for a locale it does not ship', async () => {
    expect(
      await embeddedSource.getDocument('site-configuration', 'xx' as never, { draft: false }),
    ).toBeNull();
  });

  it('refuses a script that is neither external nor inline', () => {
    const base = {
      logo: { url: '/l.svg' },
      alternative_logo: { url: '/m.svg' },
      seo: { siteName: 'S', metaTitle: 'T', metaDescription: 'D' },
    };
    expect(siteConfigurationSchema.safeParse({ ...base, headScripts: [{ id: 'x' }] }).success).toBe(
      false,
    );
    expect(
      siteConfigurationSchema.safeParse({ ...base, headScripts: [{ id: 'x', content: 'void 0' }] })
        .success,
    ).toBe(true);
  });
});

describe('Strapi 5 content service', () => {
  let server: Server;
  let base: string;
  const seen: IncomingMessage[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req);
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname !== '/api/site-configuration') return res.writeHead(404).end();
      if (url.searchParams.get('locale') === 'ko') return res.writeHead(404).end('{}');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          data: { locale: url.searchParams.get('locale'), status: url.searchParams.get('status') },
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('asks for the populated document in the locale, with the token', async () => {
    const source = strapiSource(base, 'secret-token');
    // Strapi's nulls (an empty optional field, here the status not asked for) are dropped.
    expect(await source.getDocument('site-configuration', 'fr', { draft: false })).toEqual({
      locale: 'fr',
    });
    const request = seen.at(-1)!;
    expect(request.headers.authorization).toBe('Bearer secret-token');
    const query = new URL(request.url!, base).searchParams;
    expect(query.get('populate[seo][populate]')).toBe('*');
    expect(query.get('populate[logo]')).toBe('true');
  });

  it('asks for drafts when an editor previews', async () => {
    const doc = await strapiSource(base, undefined).getDocument('site-configuration', 'de', {
      draft: true,
    });
    expect(doc).toEqual({ locale: 'de', status: 'draft' });
    expect(seen.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('reports a missing locale as absent so the caller falls back to English', async () => {
    expect(
      await strapiSource(base, undefined).getDocument('site-configuration', 'ko', { draft: false }),
    ).toBeNull();
  });
});
