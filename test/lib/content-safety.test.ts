import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SiteScripts } from '@/components/layout/site-scripts';
import { config } from '@/lib/config';
import { contentLink } from '@/lib/content/links';
import { bettingCardsSchema, footerSchema, siteConfigurationSchema } from '@/lib/content/schemas';

const mutable = config as Record<string, unknown>;

describe('links from the content service', () => {
  it.each([
    ['https://help.example/a?b=1', { kind: 'external', href: 'https://help.example/a?b=1' }],
    ['HTTP://Help.Example', { kind: 'external', href: 'HTTP://Help.Example' }],
    ['https://exa mple.com', null],
    ['mailto:help@example.com', { kind: 'contact', href: 'mailto:help@example.com' }],
    ['tel:+50688880000', { kind: 'contact', href: 'tel:+50688880000' }],
    ['/vip-club?tab=1', { kind: 'site', href: '/vip-club?tab=1' }],
    ['javascript:alert(1)', null],
    [' JavaScript:alert(1)', null],
    ['data:text/html,x', null],
    ['vbscript:x', null],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['/.//evil.example', null],
    ['relative/path', null],
    ['', null],
  ])('%j → %j', (value, expected) => {
    expect(contentLink(value)).toEqual(expected);
  });

  it('leaves unsafe footer links and betting cards out when the content is parsed', () => {
    const footer = footerSchema.parse({
      category: [
        {
          title: 'Help',
          link: [
            { label: 'ok', href: '/help' },
            { label: 'bad', href: 'javascript:alert(1)' },
            { label: 'sneaky', href: '//evil.example' },
          ],
        },
      ],
      disclaimer: [],
    });
    expect(footer.category[0]!.link.map((l) => l.label)).toEqual(['ok']);
    const cards = bettingCardsSchema.parse(
      ['/casino', 'data:text/html,x'].map((href) => ({
        heading: 'h',
        description: 'd',
        image: { url: '/cards/a.svg', alt: '' },
        cta: { label: 'go', href },
      })),
    );
    expect(cards.map((c) => c.cta.href)).toEqual(['/casino']);
  });
});

describe('scripts from the content service', () => {
  const site = siteConfigurationSchema.parse({
    logo: { url: '/brand/logo.svg', alt: 'logo' },
    alternative_logo: { url: '/brand/mark.svg', alt: 'mark' },
    seo: { siteName: 's', metaTitle: 't', metaDescription: 'd' },
    headScripts: [
      { id: 'inline', content: 'alert(document.cookie)' },
      { id: 'listed', src: 'https://analytics.example/a.js' },
      { id: 'unlisted', src: 'https://evil.example/a.js' },
      { id: 'plain-http', src: 'http://analytics.example/a.js' },
    ],
  });
  const html = () =>
    renderToStaticMarkup(createElement(SiteScripts, { scripts: site.headScripts, nonce: 'n0nce' }));

  afterEach(() => {
    mutable.SCRIPT_ORIGINS = [];
    mutable.ALLOW_INLINE_CMS_SCRIPTS = false;
  });

  it('writes out only https scripts of listed origins, with the nonce; no inline code', () => {
    mutable.SCRIPT_ORIGINS = ['https://analytics.example'];
    const out = html();
    expect(out).toContain('src="https://analytics.example/a.js"');
    expect(out).toContain('nonce="n0nce"');
    expect(out).not.toContain('evil.example');
    expect(out).not.toContain('http://analytics.example');
    expect(out).not.toContain('alert(');
  });

  it('writes nothing with no origins listed, and inline code only when the operator allows it', () => {
    expect(html()).toBe('');
    mutable.ALLOW_INLINE_CMS_SCRIPTS = true;
    expect(html()).toContain('alert(document.cookie)');
  });
});
