import { render, screen } from '@testing-library/react';
import { createTranslator } from 'next-intl';
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import type { Promotion } from '@/lib/content';
import PromotionsPage from '@/app/[lang]/(site)/promotions/page';
import en from '@/messages/en.json';

const promotion = (slug: string, startsAt = '2024-01-01T00:00:00Z'): Promotion => ({
  slug,
  title: `Promotion ${slug}`,
  summary: 'A summary',
  image: { url: `/content/${slug}.webp`, alt: slug, width: 640, height: 320 },
  body: [],
  terms: [],
  startsAt,
});

jest.mock('@/lib/content', () => ({
  getPromotions: async () => [
    promotion('upcoming', '2999-01-01T00:00:00Z'),
    promotion('welcome'),
    promotion('reload'),
  ],
}));
jest.mock('@/lib/i18n/page-locale', () => ({ pageLocale: async () => 'en' }));
jest.mock('@/lib/seo/page-metadata', () => ({ pageMetadata: jest.fn() }));
jest.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
}));
jest.mock('next-intl/server', () => ({
  getTranslations: async (namespace: keyof typeof en) =>
    createTranslator({ locale: 'en', messages: en, namespace }),
  getFormatter: async () => ({
    dateTime: (date: Date) => date.toISOString().slice(0, 10),
  }),
}));

/** Renders what a server would: every async server component awaited, down the whole tree. */
async function serverRender(node: ReactNode): Promise<ReactNode> {
  if (Array.isArray(node)) return Promise.all(node.map(serverRender));
  if (!isValidElement(node)) return node;
  const element = node as ReactElement<{ children?: ReactNode }>;
  if (typeof element.type === 'function' && element.type.constructor.name === 'AsyncFunction') {
    return serverRender(
      await (element.type as (props: unknown) => Promise<ReactNode>)(element.props),
    );
  }
  const { children } = element.props;
  if (children === undefined) return element;
  // Children given as arguments, as JSX gives them (an array argument would need keys).
  const resolved = await serverRender(children);
  return cloneElement(
    element,
    undefined,
    ...(Array.isArray(children) ? (resolved as ReactNode[]) : [resolved]),
  );
}

describe('/promotions', () => {
  it("loads the first card's image at once and first (the largest paint); the others lazily", async () => {
    render(await serverRender(await PromotionsPage({ params: Promise.resolve({ lang: 'en' }) })));
    const images = screen.getAllByRole('img');
    // Running promotions first, then coming ones.
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(['welcome', 'reload', 'upcoming']);
    const [first, ...rest] = images;
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    for (const img of rest) {
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img).not.toHaveAttribute('fetchpriority');
    }
  });
});
