import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import { useSession } from '@/components/session/session-context';
import { SessionStore } from '@/components/session/session-store';
import { SettingsProvider } from '@/components/settings/settings-context';
import { defaultDisplaySettings } from '@/lib/settings/display-settings';
import en from '@/messages/en.json';

const replace = jest.fn();
jest.mock('@/lib/i18n/navigation', () => ({
  usePathname: () => '/casino',
  useRouter: () => ({ replace, push: jest.fn(), back: jest.fn() }),
}));
jest.mock('next/navigation', () => ({ useSearchParams: () => new URLSearchParams('tab=lobby') }));

const profile = {
  memberId: '10000001',
  memberUsername: 'zara1234',
  avatar: null,
  email: 'zara@example.com',
  phone: null,
  coinbaseId: null,
  loginType: 'Email',
  levelInfo: { vipLevel: 1, percentageToNextLevel: 20 },
  settings: { language: 'en', currency: 'EUR', navbarCurrency: 'BTC' },
  twoFactorEnabled: false,
  hasPassword: true,
};

type Route = (url: URL, init: RequestInit) => [number, unknown];
let routes: Record<string, Route>;
const calls: string[] = [];

beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
  routes = {
    'GET /api/v1/users/profile': () => [200, { code: 'success', data: profile }],
    'GET /api/v1/wallet/balances': () => [
      200,
      {
        code: 'success',
        data: [
          { currency: 'USDT', amount: '0.000000' },
          { currency: 'BTC', amount: '0.00120000' },
        ],
      },
    ],
    'PATCH /api/v1/users/route': () => [200, { code: 'success', data: { tracked: true } }],
    'POST /api/v1/auth/logout': () => [200, { code: 'success', data: {} }],
    'GET /api/v1/users/me': () => [
      200,
      {
        code: 'success',
        data: { settings: { language: 'en', view_in_fiat_object: { currency: 'EUR' } } },
      },
    ],
  };
  global.fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    calls.push(key);
    const [status, body] = routes[key]?.(url, init) ?? [
      404,
      { code: 'NOT_FOUND', error: { message: 'nope' } },
    ];
    // jsdom has no Response: the client reads only these fields.
    return { ok: status < 400, status, statusText: '', json: async () => body } as Response;
  }) as typeof fetch;
});

function Probe() {
  const s = useSession();
  return (
    <div>
      <span data-testid="status">{s.status}</span>
      <span data-testid="balance">
        {s.balance ? `${s.balance.amount} ${s.balance.currency}` : 'none'}
      </span>
      <button onClick={() => s.logout()}>out</button>
      <button
        onClick={() =>
          void s.login?.({ token: 'next-token-1234567890', getStreamToken: 'stream-1' })
        }
      >
        in
      </button>
    </div>
  );
}

let queryClient: QueryClient;
const renderStore = () => {
  queryClient = new QueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <SettingsProvider initial={defaultDisplaySettings}>
        <NextIntlClientProvider locale="en" messages={en}>
          <SessionStore>
            <Probe />
          </SessionStore>
        </NextIntlClientProvider>
      </SettingsProvider>
    </QueryClientProvider>,
  );
};

describe('session store', () => {
  it('without a stored token is a guest and asks nothing', async () => {
    renderStore();
    await waitFor(() =>
      expect(screen.getByTestId('status')).toHaveTextContent(/^unauthenticated$/),
    );
    expect(calls).toEqual([]);
  });

  it('with a token: profile and balance (in the player’s header currency), route tracked', async () => {
    localStorage.setItem('accessToken', 'stored-token-1234567890');
    renderStore();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent(/^authenticated$/));
    expect(screen.getByTestId('balance')).toHaveTextContent('0.00120000 BTC');
    await waitFor(() => expect(calls).toContain('PATCH /api/v1/users/route'));
  });

  it('a refused token is forgotten; a failed balance leaves the balance empty', async () => {
    localStorage.setItem('accessToken', 'stale-token-1234567890');
    routes['GET /api/v1/users/profile'] = () => [
      401,
      { code: 'UNAUTHORIZED', error: { message: 'no' } },
    ];
    renderStore();
    await waitFor(() =>
      expect(screen.getByTestId('status')).toHaveTextContent(/^unauthenticated$/),
    );
    expect(localStorage.getItem('accessToken')).toBeNull();

    localStorage.setItem('accessToken', 'fresh-token-1234567890');
    routes['GET /api/v1/users/profile'] = () => [200, { code: 'success', data: profile }];
    routes['GET /api/v1/wallet/balances'] = () => [
      500,
      { code: 'INTERNAL_ERROR', error: { message: 'x' } },
    ];
    await act(async () => {
      screen.getByText('in').click();
    });
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent(/^authenticated$/));
    expect(screen.getByTestId('balance')).toHaveTextContent('none');
    expect(localStorage.getItem('accessToken')).toBe('next-token-1234567890');
    expect(localStorage.getItem('getStreamToken')).toBe('stream-1');
  });

  it('logout clears the tokens and balance, resets the currency to USD and tells the widgets', async () => {
    localStorage.setItem('accessToken', 'stored-token-1234567890');
    localStorage.setItem('getStreamToken', 'stream');
    localStorage.setItem('currency', 'EUR');
    const cleared = jest.fn();
    window.addEventListener('session-cleared', cleared);
    renderStore();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent(/^authenticated$/));
    queryClient.setQueryData(['player', 'support'], { memberInfo: { memberId: '1' } });
    await act(async () => {
      screen.getByText('out').click();
    });
    // The support widget's data about the player is gone with them.
    expect(queryClient.getQueryData(['player', 'support'])).toBeUndefined();
    expect(screen.getByTestId('status')).toHaveTextContent(/^unauthenticated$/);
    expect(screen.getByTestId('balance')).toHaveTextContent('none');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('getStreamToken')).toBeNull();
    expect(localStorage.getItem('currency')).toBe('USD');
    expect(cleared).toHaveBeenCalled();
    expect(calls).toContain('POST /api/v1/auth/logout');
  });

  it('follows a sign-out in another tab, and keeps one copy of the profile for every reader', async () => {
    localStorage.setItem('accessToken', 'stored-token-1234567890');
    renderStore();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent(/^authenticated$/));
    // The account pages read the very profile the session holds: one request, one copy.
    expect(queryClient.getQueryData(['player', 'profile'])).toMatchObject({ memberId: '10000001' });
    expect(calls.filter((c) => c === 'GET /api/v1/users/profile')).toHaveLength(1);

    await act(async () => {
      localStorage.removeItem('accessToken');
      window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken' }));
    });
    await waitFor(() =>
      expect(screen.getByTestId('status')).toHaveTextContent(/^unauthenticated$/),
    );
    expect(screen.getByTestId('balance')).toHaveTextContent('none');
  });
});
