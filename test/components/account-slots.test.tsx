import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { AccountSlots } from '@/components/layout/header/account-slots';
import { SessionProvider, type SessionState } from '@/components/session/session-context';
import { ShellProvider } from '@/components/layout/shell-context';
import en from '@/messages/en.json';

jest.mock('@/lib/i18n/navigation', () => ({
  usePathname: () => '/casino',
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), back: jest.fn() }),
  Link: ({ href, children, ...rest }: { href: string; children: ReactNode; scroll?: boolean }) => (
    <a href={href} {...{ ...rest, scroll: undefined }}>
      {children}
    </a>
  ),
}));
jest.mock('next/navigation', () => ({
  useSearchParams: () => new URLSearchParams('tab=roulette'),
}));

const player: SessionState = {
  status: 'authenticated',
  profile: {
    memberId: 'M-1029',
    memberUsername: 'zara',
    avatar: null,
    email: 'zara@example.com',
    levelInfo: { vipLevel: 3, percentageToNextLevel: 42 },
  },
  balance: { amount: '12.50', currency: 'USDT' },
  role: 'admin',
  logout: jest.fn(),
};

function renderSlots(session?: SessionState) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider locale="en" messages={en}>
        <SessionProvider value={session}>
          <ShellProvider>
            <AccountSlots bonusCount={1} />
          </ShellProvider>
        </SessionProvider>
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

describe('header account slots', () => {
  it('offers a guest sign in (tab=1) and sign up (tab=2), replacing the page tab', () => {
    renderSlots();
    expect(screen.getByTestId('sign-in-button')).toHaveAttribute(
      'href',
      '/casino?ptab=roulette&modal=auth&tab=1',
    );
    expect(screen.getByTestId('sign-up-button')).toHaveAttribute(
      'href',
      '/casino?ptab=roulette&modal=auth&tab=2',
    );
    expect(screen.queryByTestId('account-slots')).toBeNull();
  });

  // The player's side is loaded when someone is signed in (a separate chunk): found, not got.
  it('shows a player balance, wallet, bonus chest, bell and the level ring', async () => {
    renderSlots(player);
    expect(await screen.findByTestId('balance')).toHaveTextContent('12.50 USDT');
    expect(screen.getByTestId('wallet-button')).toHaveAttribute(
      'href',
      '/casino?ptab=roulette&modal=wallet&tab=deposit',
    );
    expect(screen.getByTestId('bonus-chest')).toHaveAttribute('href', '/bonus');
    expect(screen.getAllByTestId('level-ring')[0]).toHaveAttribute('aria-valuenow', '42');
    // The real bell, not a stub: it is always there for a player.
    expect(
      screen.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('sign-in-button')).toBeNull();
  });

  it("says 'balance not available' when the balance could not be fetched", async () => {
    renderSlots({ ...player, balance: null });
    expect(await screen.findByTestId('balance-unavailable')).toHaveAccessibleName(
      'balance not available',
    );
  });

  it('copies the user id and confirms for 2 seconds, then signs out from the menu', async () => {
    jest.useFakeTimers();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderSlots(player);
    fireEvent.click(await screen.findByTestId('user-menu-button'));
    expect(screen.getByTestId('user-menu-name')).toHaveTextContent('zara');
    await act(async () => {
      fireEvent.click(screen.getByTestId('copy-user-id'));
    });
    expect(writeText).toHaveBeenCalledWith('M-1029');
    expect(screen.getByTestId('copied')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1900));
    expect(screen.getByTestId('copied')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByTestId('copied')).toBeNull();
    fireEvent.click(screen.getByTestId('sign-out'));
    expect(player.logout).toHaveBeenCalled();
    jest.useRealTimers();
  });

  it('opens the currency selector: search, hide zero, a choice saved as navbarCurrency, values in fiat', async () => {
    const calls: Array<{ url: string; method: string; body: unknown }> = [];
    const answer = (data: unknown) =>
      ({
        ok: true,
        status: 200,
        statusText: '',
        json: async () => ({ code: 'success', data }),
      }) as Response;
    global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({
        url,
        method: init?.method ?? 'GET',
        body: init?.body && JSON.parse(String(init.body)),
      });
      if (url.includes('/wallet/rates')) {
        return answer({
          source: 'indicative',
          updatedAt: new Date().toISOString(),
          rates: { USDT: { USD: 1, EUR: 0.9 }, ETH: { USD: 2000, EUR: 1800 } },
        });
      }
      return answer({});
    }) as typeof fetch;
    window.localStorage.removeItem('viewInFiat');
    renderSlots({
      ...player,
      wallet: {
        balances: [
          { currency: 'USDT', amount: '12.500000' },
          { currency: 'BTC', amount: '0.00000000' },
          { currency: 'ETH', amount: '0.10000000' },
        ],
        navbarCurrency: 'USDT',
        fiatCurrency: 'EUR',
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Balance 12\.50 USDT/ }));
    const list = await screen.findByRole('list', { name: 'Your balances' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['USDT12.50', 'BTC0.00', 'ETH0.10']);
    fireEvent.change(screen.getByLabelText('Search currency'), { target: { value: 'et' } });
    expect(within(list).getAllByRole('button')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Search currency'), { target: { value: '' } });
    fireEvent.click(screen.getByLabelText('Hide zero balances'));
    expect(within(list).queryByText('BTC')).toBeNull();

    fireEvent.click(screen.getByLabelText('View in fiat'));
    expect(await within(list).findByText('€180.00')).toBeInTheDocument();
    expect(screen.getByText(/Indicative rates/)).toBeInTheDocument();

    fireEvent.click(within(list).getByText('ETH'));
    await waitFor(() =>
      expect(calls).toContainEqual({
        url: expect.stringContaining('/users/settings'),
        method: 'PATCH',
        body: { navbarCurrency: 'ETH' },
      }),
    );
    // The header now shows the navbar balance in the fiat view.
    expect(await screen.findByRole('button', { name: /Balance €11\.25/ })).toBeInTheDocument();
    window.localStorage.removeItem('viewInFiat');
  });
});
