import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import type { ComponentProps } from 'react';
import { GameStage } from '@/components/games/game-stage';
import { SessionProvider, type SessionState } from '@/components/session/session-context';
import { ApiClientError } from '@/lib/api/client';
import { playGame } from '@/lib/api/queries/games';
import type { Game } from '@/lib/schemas/games';
import en from '@/messages/en.json';

/**
 * The game's frame says what mode the game opened in, and why play was refused (a break, a limit,
 * a currency the games do not take) in the API's own localized words.
 */
jest.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, className }: ComponentProps<'a'>) => (
    <a href={String(href)} className={className}>
      {children}
    </a>
  ),
  usePathname: () => '/casino/games/golden-dragon',
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), back: jest.fn() }),
}));
jest.mock('next/navigation', () => ({ useSearchParams: () => new URLSearchParams() }));
jest.mock('@/lib/api/queries/games', () => ({
  ...jest.requireActual('@/lib/api/queries/games'),
  playGame: jest.fn(),
}));
const play = playGame as jest.MockedFunction<typeof playGame>;

const game = {
  id: 'g1',
  gameId: 'aurora_golden_dragon',
  slug: 'golden-dragon',
  name: 'Golden Dragon',
  icon: '/games/golden-dragon.svg',
  rtpValue: '96.50',
  btcValue: '0.01',
  provider: { _id: 'p1', slug: 'aurora', name: 'Aurora Gaming' },
  section: 'slots',
  categories: [],
  platforms: [],
  hot: false,
} satisfies Game;

const player: SessionState = {
  status: 'authenticated',
  profile: null,
  balance: { amount: '20', currency: 'USDT' },
  wallet: { balances: [], navbarCurrency: 'USDT', fiatCurrency: 'USD' },
  role: 'player',
  logout: () => {},
};
const guest: SessionState = { ...player, status: 'unauthenticated', wallet: null, balance: null };

function stage(session: SessionState) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <NextIntlClientProvider locale="en" messages={en}>
        <SessionProvider value={session}>
          <GameStage game={game} />
        </SessionProvider>
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => play.mockReset());

it('plays for real in the frame, with theatre and full-screen controls', async () => {
  play.mockResolvedValue({ mode: 'real', launchUrl: 'https://games.example/play/1' });
  stage(player);
  expect(await screen.findByTitle('Golden Dragon')).toHaveAttribute(
    'src',
    'https://games.example/play/1',
  );
  expect(screen.getByText('Real money: bets and wins move your USDT balance.')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Theatre mode' })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Full screen' })).toBeEnabled();
});

it('says why play was refused, in the words the API gave', async () => {
  play.mockRejectedValue(new ApiClientError('PLAY_RESTRICTED', en.apiErrors.PLAY_RESTRICTED, 403));
  stage(player);
  expect(await screen.findByTestId('launch-failed')).toHaveTextContent(
    en.apiErrors.PLAY_RESTRICTED,
  );
  expect(screen.queryByTitle('Golden Dragon')).toBeNull();
  expect(screen.getByRole('button', { name: 'Theatre mode' })).toBeDisabled();
});

it('asks a guest to sign in for a game without fun mode', async () => {
  play.mockResolvedValue({ mode: 'signin', launchUrl: null });
  stage(guest);
  expect(await screen.findByText(en.games.noFunMode)).toBeVisible();
  expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    expect.stringContaining('modal=auth'),
  );
});

it('waits for the session before launching', () => {
  play.mockResolvedValue({ mode: 'fun', launchUrl: null });
  stage({ ...guest, status: 'loading' });
  expect(play).not.toHaveBeenCalled();
});
