import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  bettingCardsSchema,
  extraConfigurationSchema,
  footerSchema,
  globalScriptsSchema,
  siteConfigurationSchema,
} from '@/lib/content/schemas';
import { locales } from '@/lib/i18n/locales';

/**
 * Contracts of every content document (issue 16): the embedded documents of every language, and a
 * document as Strapi 5 answers it (components with numeric ids, media with alternativeText, empty
 * optional fields dropped by the Strapi source), all parse; a malformed one is refused.
 */
const read = (locale: string, name: string) =>
  JSON.parse(readFileSync(path.join(process.cwd(), 'content', locale, `${name}.json`), 'utf8'));

describe.each(locales)('the embedded documents in %s', (locale) => {
  it.each([
    ['site-configuration', siteConfigurationSchema],
    ['extra-configuration', extraConfigurationSchema],
    ['footer', footerSchema],
    ['betting-cards', bettingCardsSchema],
  ] as const)('%s parses', (name, schema) => {
    expect(schema.safeParse(read(locale, name)).error).toBeUndefined();
  });
});

it('global scripts: enabled ones split by placement, with ids of their own', () => {
  expect(globalScriptsSchema.parse(read('en', 'global-scripts'))).toEqual({ head: [], body: [] });
  expect(
    globalScriptsSchema.parse([
      { id: 4, name: 'tag', placement: 'head', src: 'https://tags.example/t.js', enabled: true },
      { id: 5, name: 'chat', placement: 'body', content: 'window.x=1' },
      { id: 6, name: 'broken', placement: 'body' },
    ]),
  ).toEqual({
    head: [{ id: 'global-tag', src: 'https://tags.example/t.js' }],
    body: [{ id: 'global-chat', content: 'window.x=1' }],
  });
});

it('Strapi’s shapes parse: numbered components, alternativeText, the announcement', () => {
  const site = siteConfigurationSchema.parse({
    id: 1,
    documentId: 'abc',
    locale: 'en',
    logo: { id: 3, url: 'http://cms.test/uploads/logo.svg', alternativeText: 'Nova', width: 148 },
    alternative_logo: { id: 4, url: 'http://cms.test/uploads/mark.svg' },
    seo: { id: 9, siteName: 'Nova', metaTitle: 'Nova', metaDescription: 'Play' },
    headScripts: [{ id: 12, src: 'https://tags.example/t.js' }],
  });
  expect(site.logo.alt).toBe('Nova');
  expect(site.headScripts[0]!.id).toBe('12');
  const extra = extraConfigurationSchema.parse({
    announcement: { id: 2, message: 'Maintenance at 02:00', link: 'javascript:alert(1)' },
    social: [
      { id: 1, network: 'telegram', href: 'https://t.me/nova' },
      { id: 2, network: 'x', href: 'javascript:alert(1)' },
    ],
  });
  expect(extra.announcement).toEqual({ message: 'Maintenance at 02:00', link: null, tone: 'info' });
  expect(extra.social).toEqual([{ network: 'telegram', href: 'https://t.me/nova' }]);
});

it('refuses malformed documents (the cache then serves the last good copy)', () => {
  expect(footerSchema.safeParse({ category: 'not a list', disclaimer: [] }).success).toBe(false);
  expect(siteConfigurationSchema.safeParse({ logo: {} }).success).toBe(false);
  expect(extraConfigurationSchema.safeParse({ announcement: { message: '' } }).success).toBe(false);
});
