import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import { forwardRef, type ComponentProps } from 'react';
import type { Game } from '@/lib/schemas/games';
import SearchDialog from '@/components/search/search-dialog';
import en from '@/messages/en.json';

jest.mock('@/lib/i18n/navigation', () => ({
  Link: forwardRef<HTMLAnchorElement, ComponentProps<'a'> & { href: unknown }>(function Link(
    { href, ...props },
    ref,
  ) {
    return <a ref={ref} href={String(href)} {...props} />;
  }),
}));

const game = (name: string): Game => ({
  id: `id-${name}`,
  gameId: name,
  slug: name.toLowerCase().replaceAll(' ', '-'),
  name,
  provider: { _id: 'p1', slug: 'studio', name: 'Studio' },
  section: 'casino',
  categories: ['slots'],
  platforms: ['desktop', 'mobile'],
  rtpValue: '96.5%',
  btcValue: '0.001',
  icon: '/games/x.svg',
  hot: false,
});
const page = (games: Game[]) => ({
  code: 'success',
  data: { data: games, limit: 30, page: 1, totalDocuments: games.length, totalPages: 1 },
});

/** The platform's games list, answering by the query the dialog sends. */
const asked: URLSearchParams[] = [];
beforeEach(() => {
  asked.length = 0;
  localStorage.clear();
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    asked.push(url.searchParams);
    const search = url.searchParams.get('search');
    const body =
      url.searchParams.get('category') === 'hot-games'
        ? page([game('Hot Pharaoh')])
        : page(search === 'book' ? [game('Book of Dead'), game('Book of Ra')] : []);
    return { ok: true, status: 200, statusText: '', json: async () => body } as Response;
  }) as typeof fetch;
});

function renderDialog() {
  const onClose = jest.fn();
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <NextIntlClientProvider locale="en" messages={en}>
        <SearchDialog onClose={onClose} />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
  return onClose;
}
const typeQuery = (value: string) =>
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search games' }), { target: { value } });

describe('SearchDialog', () => {
  it('while blank asks for keywords and lists the hot games', async () => {
    renderDialog();
    expect(screen.getByText('please enter keywords')).toBeInTheDocument();
    const hot = await screen.findByTestId('search-hot');
    expect(within(hot).getByText('Hot Pharaoh')).toBeInTheDocument();
  });

  it('searches the typed text once it settles, 30 a page, and remembers a query that found games', async () => {
    renderDialog();
    typeQuery('bo');
    typeQuery('book');
    const results = await screen.findByTestId('search-results');
    expect(within(results).getByText('2 results')).toBeInTheDocument();
    expect(within(results).getByText('Book of Dead')).toBeInTheDocument();
    // Typing fast sends only what the player stopped at.
    const searches = asked.filter((q) => q.has('search'));
    expect(searches.map((q) => q.get('search'))).toEqual(['book']);
    expect(searches[0]!.get('limit')).toBe('30');
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('searchHistory')!)).toEqual(['book']),
    );
  });

  it('says nothing was found, and keeps such a query out of the history', async () => {
    renderDialog();
    typeQuery('zzzz');
    const none = await screen.findByTestId('search-not-found');
    expect(within(none).getByText('no results found for “zzzz”')).toBeInTheDocument();
    expect(localStorage.getItem('searchHistory')).toBeNull();
  });
});
