import { render, screen, within } from '@testing-library/react';
import {
  cloneElement,
  isValidElement,
  type ComponentProps,
  type ReactElement,
  type ReactNode,
} from 'react';
import en from '@/messages/en.json';

/**
 * The 404 pages (issue 32): an unknown path keeps the header, side menu and search (the 404 sits
 * inside the shell); a path containing 404 is the bare full-screen title (spec §2). And
 * /account-management/referral opens the referral dashboard.
 */
let pathname = '/';
jest.mock('next/headers', () => ({
  headers: async () => new Headers({ 'x-pathname': pathname }),
}));
class NotFound extends Error {}
class Redirect extends Error {}
jest.mock('next/navigation', () => ({
  notFound: () => {
    throw new NotFound('NEXT_HTTP_ERROR_FALLBACK;404');
  },
  redirect: (to: string) => {
    throw new Redirect(to);
  },
}));
jest.mock('next-intl/server', () => ({
  getLocale: async () => 'en',
  setRequestLocale: () => undefined,
  getTranslations: async (namespace: keyof typeof en) => (key: string) =>
    (en[namespace] as Record<string, string>)[key],
}));
jest.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, ...props }: ComponentProps<'a'> & { href: string }) => (
    <a href={href} {...props} />
  ),
}));
// The shell's own pieces: what matters here is whether the 404 is inside it.
jest.mock('@/app/[lang]/(site)/layout', () => ({
  __esModule: true,
  default: ({ children }: { children: ReactNode }) => (
    <div data-testid="shell">
      <header>header, side menu, search</header>
      <main>{children}</main>
    </div>
  ),
}));
jest.mock('@/app/[lang]/layout', () => ({
  __esModule: true,
  default: ({ children }: { children: ReactNode }) => <div data-testid="root">{children}</div>,
}));

/** Resolves the async server components of a tree, leaving the rest for React to render. */
async function resolve(node: ReactNode): Promise<ReactNode> {
  if (Array.isArray(node)) return Promise.all(node.map(resolve));
  if (!isValidElement(node)) return node;
  const element = node as ReactElement<{ children?: ReactNode }>;
  const { type } = element;
  if (typeof type === 'function' && type.constructor.name === 'AsyncFunction') {
    return resolve(await (type as (p: object) => Promise<ReactNode>)(element.props));
  }
  const { children } = element.props;
  if (children === undefined) return element;
  // Spread: static children, as JSX wrote them (no keys needed).
  const resolved = await resolve(children);
  return Array.isArray(children)
    ? cloneElement(element, undefined, ...(resolved as ReactNode[]))
    : cloneElement(element, undefined, resolved);
}
const renderServer = async (node: ReactNode) => render(<>{await resolve(node)}</>);

describe('the 404 pages', () => {
  it('an unknown path: the localized 404 inside the shell, with the way home', async () => {
    pathname = '/no/such/page';
    const { default: SiteLayout } = await import('@/app/[lang]/(site)/layout');
    const { default: SiteNotFound } = await import('@/app/[lang]/(site)/not-found');
    await renderServer(
      <SiteLayout params={Promise.resolve({ lang: 'en' })}>{await SiteNotFound()}</SiteLayout>,
    );
    const shell = screen.getByTestId('shell');
    const page = within(shell).getByTestId('not-found');
    expect(within(page).getByRole('heading', { level: 1 })).toHaveTextContent(
      '404: Page not found',
    );
    expect(within(page).getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
    // The shell already has the page's <main>: the 404 adds none of its own.
    expect(page.closest('main')).not.toBeNull();
    expect(page.querySelector('main')).toBeNull();
  });

  it('the language’s own 404 boundary holds no shell: Next sends it with every page', async () => {
    pathname = '/xx/unknown';
    const { default: LocaleNotFound } = await import('@/app/[lang]/not-found');
    await renderServer(await LocaleNotFound());
    expect(screen.queryByTestId('shell')).toBeNull();
    expect(screen.getByTestId('not-found')).toHaveTextContent('404: Page not found');
  });

  it('a path containing 404: only the title, full screen, without the shell', async () => {
    pathname = '/casino/404';
    const { default: LocaleNotFound } = await import('@/app/[lang]/not-found');
    await renderServer(await LocaleNotFound());
    expect(screen.queryByTestId('shell')).toBeNull();
    const bare = screen.getByTestId('bare-404');
    expect(bare).toHaveTextContent('404: Page not found');
    expect(within(bare).queryAllByRole('link')).toHaveLength(0);
  });

  it('the site’s catch-all and its not-found sit inside the shell’s route group', async () => {
    pathname = '/no/such/page';
    const { default: CatchAll } = await import('@/app/[lang]/(site)/[...rest]/page');
    expect(() => CatchAll()).toThrow(NotFound);
    const { default: SiteNotFound } = await import('@/app/[lang]/(site)/not-found');
    await renderServer(await SiteNotFound());
    expect(screen.getByTestId('not-found')).toBeInTheDocument();
  });
});

describe('the shell layout', () => {
  beforeAll(() => {
    jest.doMock('@/lib/content', () => ({
      getSiteConfiguration: async () => ({ seo: { siteName: 'Nova' }, support: undefined }),
      getExtraConfiguration: async () => null,
      getBettingCards: async () => [],
      getFooter: async () => ({ category: [], disclaimer: [] }),
    }));
  });

  it('leaves a path containing 404 to the bare page; any other path gets the shell', async () => {
    const { default: SiteLayout } = jest.requireActual<{
      default: (props: { children: ReactNode; params: Promise<{ lang: string }> }) => unknown;
    }>('@/app/[lang]/(site)/layout');
    const params = Promise.resolve({ lang: 'en' });
    pathname = '/es/pagina-404';
    await expect(SiteLayout({ children: null, params })).rejects.toThrow(NotFound);
    pathname = '/casino';
    await expect(SiteLayout({ children: null, params })).resolves.toBeTruthy();
  });
});

describe('/account-management/referral', () => {
  it('leads to the referral dashboard, in the page’s language', async () => {
    const { default: ReferralIndex } =
      await import('@/app/[lang]/(site)/account-management/referral/page');
    await expect(ReferralIndex({ params: Promise.resolve({ lang: 'en' }) })).rejects.toThrow(
      new Redirect('/account-management/referral/dashboard'),
    );
    await expect(ReferralIndex({ params: Promise.resolve({ lang: 'de' }) })).rejects.toThrow(
      new Redirect('/de/account-management/referral/dashboard'),
    );
  });
});
