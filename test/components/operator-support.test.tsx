import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { ConversationView } from '@/components/operator/support/conversation-view';
import { MemberPanel } from '@/components/operator/support/member-panel';
import { SupportInbox } from '@/components/operator/support/support-inbox';
import type { SupportProfile } from '@/lib/schemas/player';
import en from '@/messages/en.json';

/**
 * The back office's support room (issue 32): the member panel formats dates and amounts, the
 * conversation says who has it (you, someone, nobody), and the inbox has a filter that still
 * lists a conversation once an agent replied.
 */
const ME = '6f1c2b9e-3c2a-4d7e-9a0b-1c2d3e4f5a60';
const OTHER = '7a2d3c0f-4d3b-4e8f-8b1c-2d3e4f5a6b71';
const CONVERSATION = '8b3e4d1a-5e4c-4f90-9c2d-3e4f5a6b7c82';
const PLAYER = '9c4f5e2b-6f5d-4a01-8d3e-4f5a6b7c8d93';
let agent: { id: string; name: string } | null = null;
const asked: string[] = [];

/** The inbox's address: empty, or the conversation a player's page opened it on. */
let address = new URLSearchParams();
jest.mock('next/navigation', () => ({ useSearchParams: () => address }));
jest.mock('@/components/operator/use-staff', () => ({
  useStaff: () => ({ data: { id: ME, name: 'Ana', role: 'support' } }),
}));
jest.mock('@/components/operator/support/use-inbox-socket', () => ({
  useInboxSocket: () => ({ socket: null, typingUserId: null }),
}));
jest.mock('@/components/operator/operator-api', () => ({
  useOperatorApi: () => async (path: string) => {
    asked.push(path);
    if (path.startsWith('/operator/support/conversations?')) return { items: [], nextCursor: null };
    if (path === '/operator/support/canned') return [];
    return {
      conversation: { id: 'c1', status: 'waiting', agent, unread: 0, tags: [] },
      memberInfo: info,
      messages: [],
      nextCursor: null,
    };
  },
}));

const info: SupportProfile['memberInfo'] = {
  memberId: '100234',
  memberUsername: 'lucky_player',
  agentId: null,
  balance: '1234.50000000 USDT',
  withdrawOnlyBalance: '0',
  vipLevel: 3,
  totalDepositAmount: '12345.50',
  totalWithdrawAmount: '0.00',
  companyIncome: '-42.10',
  lastLoginDate: '2026-11-26T19:05:00.000Z',
  loginType: 'Email',
} as SupportProfile['memberInfo'];

// jsdom draws nothing, so it scrolls nothing: the message list's scroll is a no-op here.
beforeAll(() => {
  Element.prototype.scrollIntoView = () => undefined;
});

const wrap = (children: ReactNode) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
        {children}
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );

const shown = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};

describe('the member panel', () => {
  it('formats the last sign-in as a date and the amounts as money', () => {
    wrap(<MemberPanel info={info} />);
    expect(shown('Last sign-in')).toBe('Nov 26, 2026, 7:05 PM');
    expect(shown('Deposits')).toBe('$12,345.50');
    expect(shown('Net to the house')).toBe('-$42.10');
    expect(shown('Balance')).toBe('1,234.5 USDT');
    // An id is no amount: no thousands separator.
    expect(shown('Member ID')).toBe('100234');
  });
});

describe('the conversation’s assignment', () => {
  const open = async () => {
    wrap(<ConversationView id="c1" playerId="p1" socket={null} playerTyping={false} />);
    return screen.findByTestId('assignment');
  };

  it('mine: says so, offers to return it to the queue, not to take it again', async () => {
    agent = { id: ME, name: 'Ana' };
    expect(await open()).toHaveTextContent('Assigned to you');
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Return to queue' })).toBeEnabled();
  });

  it('someone else’s: their name, and I may take it', async () => {
    agent = { id: OTHER, name: 'Bruno' };
    expect(await open()).toHaveTextContent('Assigned to Bruno');
    expect(screen.getByRole('button', { name: 'Assign to me' })).toBeEnabled();
  });

  it('nobody’s: not assigned, nothing to return', async () => {
    agent = null;
    expect(await open()).toHaveTextContent('Not assigned');
    expect(screen.queryByRole('button', { name: 'Return to queue' })).toBeNull();
  });
});

describe('the inbox', () => {
  it('has an All filter beside the statuses, named for what each holds', async () => {
    asked.length = 0;
    wrap(<SupportInbox />);
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Needs reply',
      'Awaiting player',
      'Closed',
      'All',
    ]);
    fireEvent.click(tabs[3]!);
    await screen.findByText('No conversations here.');
    expect(asked).toContain('/operator/support/conversations?status=all');
    expect(screen.getByText('Choose a conversation.')).toBeInTheDocument();
  });

  it('opens the conversation a player’s page links to', async () => {
    asked.length = 0;
    address = new URLSearchParams({ conversation: CONVERSATION, player: PLAYER });
    wrap(<SupportInbox />);
    await screen.findByText('No conversations here.');
    expect(screen.queryByText('Choose a conversation.')).toBeNull();
    expect(
      asked.some((path) => path.startsWith(`/operator/support/conversations/${CONVERSATION}`)),
    ).toBe(true);
    address = new URLSearchParams();
  });
});
