import './support/text-encoding';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { BalanceButton } from '@/components/layout/header/balance-button';
import { MemberPanel } from '@/components/operator/support/member-panel';
import {
  SessionProvider,
  useSession,
  type SessionState,
} from '@/components/session/session-context';
import { SessionStore } from '@/components/session/session-store';
import { SettingsProvider } from '@/components/settings/settings-context';
import { DepositTab } from '@/components/wallet/deposit-tab';
import { TransactionsTable } from '@/components/wallet/transactions-table';
import { WithdrawTab } from '@/components/wallet/withdraw-tab';
import { defaultDisplaySettings } from '@/lib/settings/display-settings';
import en from '@/messages/en.json';

jest.mock('@/lib/i18n/navigation', () => ({
  usePathname: () => '/casino',
  useRouter: () => ({ replace: jest.fn(), push: jest.fn(), back: jest.fn() }),
}));
jest.mock('next/navigation', () => ({ useSearchParams: () => new URLSearchParams() }));

const profile = {
  memberId: '10000001',
  memberUsername: 'zara1234',
  avatar: null,
  email: 'zara@example.com',
  phone: null,
  coinbaseId: null,
  loginType: 'Email',
  levelInfo: { vipLevel: 1, percentageToNextLevel: 20 },
  settings: { language: 'en', currency: 'USD', navbarCurrency: 'USDT' },
  twoFactorEnabled: false,
  hasPassword: true,
  withdrawalsHeldUntil: null as string | null,
};

type Answer = [number, unknown];
let routes: Record<string, () => Answer>;
const ok = (data: unknown): Answer => [200, { code: 'success', data }];

beforeEach(() => {
  localStorage.clear();
  routes = {
    'GET /api/v1/users/profile': () => ok(profile),
    'GET /api/v1/wallet/balances': () =>
      ok([
        { currency: 'USDT', amount: '12.500000', withdrawOnly: '80.000000' },
        { currency: 'BTC', amount: '0.00000000', withdrawOnly: '0.00100000' },
        { currency: 'ETH', amount: '0.000000000000000000' },
      ]),
    'PATCH /api/v1/users/route': () => ok({ tracked: true }),
    'GET /api/v1/wallet/withdrawal-options': () =>
      ok([{ currency: 'USDT', network: 'ethereum', minimum: '10', fee: '1' }]),
    'GET /api/v1/wallet/deposit-options': () =>
      ok([
        {
          currency: 'USDT',
          network: 'ethereum',
          minimum: '1',
          confirmations: 12,
          contract: null,
          decimals: 6,
          chainId: 1,
          rpcUrl: null,
        },
      ]),
    'GET /api/v1/wallet/payment-addresses': () => ok([]),
    'GET /api/v1/wallet/withdrawals': () => ok([]),
    'GET /api/v1/wallet/deposits': () => ok([]),
  };
  global.fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const [status, body] = routes[`${init.method ?? 'GET'} ${url.pathname}`]?.() ?? [
      404,
      { code: 'NOT_FOUND', error: { message: 'nope' } },
    ];
    // jsdom has no Response: the client reads only these fields.
    return { ok: status < 400, status, statusText: '', json: async () => body } as Response;
  }) as typeof fetch;
});

const wallet = {
  balances: [{ currency: 'USDT', amount: '100.000000' }],
  navbarCurrency: 'USDT',
  fiatCurrency: 'USD',
};
const player: SessionState = {
  status: 'authenticated',
  profile: null,
  balance: { amount: '100.000000', currency: 'USDT' },
  wallet,
  role: 'player',
  logout: jest.fn(),
};

function renderWith(ui: ReactNode, session: SessionState = player) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
        <SessionProvider value={session}>{ui}</SessionProvider>
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

/** The header's balance as the live session feeds it (profile and balances from the API). */
function HeaderBalance() {
  const session = useSession();
  return <BalanceButton balance={session.balance} wallet={session.wallet} />;
}

describe('withdraw-only balance', () => {
  it('shows beside the balance in the header, and in the currency menu', async () => {
    localStorage.setItem('accessToken', 'stored-token-1234567890');
    const queryClient = new QueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <SettingsProvider initial={defaultDisplaySettings}>
          <NextIntlClientProvider locale="en" messages={en}>
            <SessionStore>
              <HeaderBalance />
            </SessionStore>
          </NextIntlClientProvider>
        </SettingsProvider>
      </QueryClientProvider>,
    );
    const button = await screen.findByTestId('balance');
    expect(button).toHaveAccessibleName(
      'Balance 12.50 USDT, plus 80.00 USDT withdraw-only: choose currency',
    );
    expect(within(button).getByTestId('balance-withdraw-only')).toHaveTextContent(
      '+80.00 USDT withdraw-only',
    );

    fireEvent.click(button);
    const menu = await screen.findByRole('list', { name: 'Your balances' });
    const lines = within(menu).getAllByTestId('currency-withdraw-only');
    expect(lines.map((l) => l.textContent)).toEqual(['80.00 withdraw-only', '0.001 withdraw-only']);
    // Hide zero keeps a currency that holds only withdraw-only money.
    fireEvent.click(screen.getByRole('switch', { name: 'Hide zero balances' }));
    expect(within(menu).getByText('BTC')).toBeInTheDocument();
    expect(within(menu).queryByText('ETH')).toBeNull();
  });

  it('is in the back office member panel, beside the balance', () => {
    renderWith(
      <MemberPanel
        info={{
          memberId: '10000001',
          memberUsername: 'zara1234',
          agentId: null,
          balance: '12.500000 USDT',
          withdrawOnlyBalance: '80.000000 USDT',
          vipLevel: 1,
          totalDepositAmount: '92.50',
          totalWithdrawAmount: '0.00',
          companyIncome: '0.00',
          lastLoginDate: null,
          loginType: 'Email',
        }}
      />,
    );
    const panel = screen.getByTestId('member-panel');
    const terms = within(panel)
      .getAllByRole('term')
      .map((t) => t.textContent);
    expect(terms.slice(3, 5)).toEqual(['Balance', 'Withdraw-only balance']);
    expect(within(panel).getByText('80 USDT')).toBeInTheDocument();
  });
});

describe('withdraw tab', () => {
  it('while withdrawals are held, the form is disabled, not only captioned', async () => {
    const until = new Date(Date.now() + 3_600_000).toISOString();
    routes['GET /api/v1/users/profile'] = () => ok({ ...profile, withdrawalsHeldUntil: until });
    renderWith(<WithdrawTab />);
    expect(await screen.findByTestId('withdrawal-hold')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Address on Ethereum (ERC-20)' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Amount (USDT)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Max' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Review withdrawal' })).toBeDisabled();
  });

  it('without a hold the form is open', async () => {
    renderWith(<WithdrawTab />);
    expect(await screen.findByRole('textbox', { name: 'Amount (USDT)' })).toBeEnabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Max' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Review withdrawal' })).toBeEnabled();
    expect(screen.queryByTestId('withdrawal-hold')).toBeNull();
  });
});

describe('deposit tab', () => {
  it('past a deposit limit shows only the limit message: no address to send to', async () => {
    const message =
      'You have reached your deposit limit. Deposits open again as the period moves on.';
    routes['GET /api/v1/wallet/deposit-address'] = () => [
      403,
      { code: 'DEPOSIT_LIMIT_REACHED', error: { message } },
    ];
    renderWith(<DepositTab />);
    expect(await screen.findByTestId('deposit-refused')).toHaveTextContent(message);
    expect(screen.queryByTestId('network-warning')).toBeNull();
    expect(screen.queryByText(/to this address/)).toBeNull();
    expect(screen.queryByText(/Minimum deposit/)).toBeNull();
    expect(screen.queryByTestId('deposit-address')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Currency' })).toBeNull();
  });

  it('with an address, says where and how to send', async () => {
    routes['GET /api/v1/wallet/deposit-address'] = () =>
      ok({
        currency: 'USDT',
        network: 'ethereum',
        minimum: '1',
        confirmations: 12,
        contract: null,
        decimals: null,
        chainId: null,
        rpcUrl: null,
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      });
    renderWith(<DepositTab />);
    expect(await screen.findByTestId('deposit-address')).toHaveTextContent(
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
    // Off the demo's chain: the network by its name, and no test deposit.
    expect(screen.getByTestId('network-warning')).toHaveTextContent(
      'Send only USDT on Ethereum (ERC-20) to this address.',
    );
    expect(screen.queryByRole('button', { name: 'Send a test deposit' })).toBeNull();
  });

  it('on the demo’s chain: names it a local test chain, and sends a test deposit from the button', async () => {
    const option = {
      currency: 'USDT',
      network: 'ethereum',
      minimum: '1',
      confirmations: 3,
      contract: '0xCfEB869F69431e42cdB54A4F4f105C19C080A601',
      decimals: 6,
      chainId: 1337,
      rpcUrl: null,
      testChain: true,
    };
    const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    routes['GET /api/v1/wallet/deposit-options'] = () => ok([option]);
    routes['GET /api/v1/wallet/deposit-address'] = () =>
      ok({ ...option, address, testDeposit: true });
    const sent = jest.fn(() =>
      ok({ currency: 'USDT', amount: '500', address, txHash: `0x${'cd'.repeat(32)}` }),
    );
    routes['POST /api/v1/wallet/test-deposit'] = sent;
    renderWith(<DepositTab />);
    expect(await screen.findByTestId('network-warning')).toHaveTextContent(
      'Send only USDT on Local test chain (not Ethereum mainnet) to this address.',
    );
    expect(screen.getByRole('combobox', { name: 'Network' })).toHaveTextContent(
      'Local test chain (not Ethereum mainnet)',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send a test deposit' }));
    expect(await screen.findByText(/Sent 500 USDT to your address/)).toHaveTextContent(
      'It credits after 3 confirmations.',
    );
    expect(sent).toHaveBeenCalledTimes(1);
  });
});

const noChange = {
  available: '0.000000',
  withdrawOnly: '0.000000',
  held: '0.000000',
  stake: '0.000000',
  bonus: '0.000000',
  receivable: '0.000000',
};

describe('transactions table', () => {
  const hash = `0x${'ab'.repeat(32)}`;
  beforeEach(() => {
    routes['GET /api/v1/wallet/transactions'] = () =>
      ok({
        data: [
          {
            id: '0b9d0f0e-8d7c-4b8a-9a57-0d1f2e3c4b5a',
            type: 'withdrawal',
            currency: 'USDT',
            amount: '-50.000000',
            fee: '1.000000',
            held: '0.000000',
            status: 'paid',
            network: 'ethereum',
            txHash: hash,
            explorerUrl: `https://etherscan.io/tx/${hash}`,
            balances: { ...noChange, held: '-51.000000' },
            subtype: null,
            roundId: null,
            createdAt: '2026-11-20T10:00:00.000Z',
          },
          {
            id: '1c9d0f0e-8d7c-4b8a-9a57-0d1f2e3c4b5a',
            type: 'bet',
            currency: 'USDT',
            amount: '0.000000',
            fee: null,
            held: '0.000000',
            status: 'completed',
            network: null,
            txHash: null,
            explorerUrl: null,
            balances: { ...noChange, stake: '4.000000', bonus: '-4.000000' },
            subtype: 'placement',
            roundId: 'sb-42',
            createdAt: '2026-11-20T09:00:00.000Z',
          },
        ],
        nextCursor: null,
      });
  });

  it('a withdrawal is one row: amount, fee, status and its transaction link', async () => {
    renderWith(<TransactionsTable />);
    const rows = await screen.findAllByTestId('transaction-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Withdrawal');
    expect(rows[0]).toHaveTextContent('-50.00 USDT');
    expect(within(rows[0]!).getByTestId('transaction-fee')).toHaveTextContent('1.00 USDT');
    expect(rows[0]).toHaveTextContent('Paid');
    expect(within(rows[0]!).getByRole('link')).toHaveAttribute(
      'href',
      `https://etherscan.io/tx/${hash}`,
    );
    expect(screen.getByRole('columnheader', { name: 'Fee' })).toBeInTheDocument();
  });

  it('a bet shows its round and what it moved at stake and in bonus money', async () => {
    renderWith(<TransactionsTable />);
    const rows = await screen.findAllByTestId('transaction-row');
    expect(rows[1]).toHaveTextContent('Round sb-42');
    expect(rows[1]).toHaveTextContent('at stake 4.00');
    expect(rows[1]).toHaveTextContent('bonus -4.00');
    expect(rows[1]).not.toHaveTextContent('owed');
  });
});
