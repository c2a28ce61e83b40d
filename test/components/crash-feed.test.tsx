import './support/text-encoding';
import { render, screen, within } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { CrashPlayers } from '@/components/originals/crash/crash-players';
import { withPlayer, withRound } from '@/components/originals/crash/use-crash-feed';
import type { CrashBet, CrashPlayer, CrashRound, CrashState } from '@/lib/schemas/crash';
import en from '@/messages/en.json';

/** What the socket's events do to the page's state, and the round's list as it shows it. */
const player = (id: string, over: Partial<CrashPlayer> = {}): CrashPlayer => ({
  id,
  player: `player-${id}`,
  currency: 'USDT',
  amount: '1.000000',
  state: 'open',
  cashedUnits: null,
  payout: null,
  ...over,
});
const round = (id: string, over: Partial<CrashRound> = {}): CrashRound => ({
  id,
  game: 7,
  state: 'betting',
  startsAt: 1_000,
  crashUnits: null,
  hash: null,
  players: [],
  ...over,
});
const mine: CrashBet = { ...player('me'), roundId: 'r1', autoUnits: 200 };
const base: CrashState = {
  serverNow: 0,
  commitment: null,
  round: round('r1', { players: [player('me')] }),
  history: [],
  mine,
};

describe('the Crash feed', () => {
  it('a player event adds a bet, or brings one up to date, mine included', () => {
    const joined = withPlayer(base, 'r1', player('other'));
    expect(joined.round!.players.map((p) => p.id)).toEqual(['me', 'other']);
    const cashed = withPlayer(
      joined,
      'r1',
      player('me', { state: 'cashed_out', cashedUnits: 150 }),
    );
    expect(cashed.mine).toMatchObject({ state: 'cashed_out', cashedUnits: 150, autoUnits: 200 });
    // Another round's event changes nothing.
    expect(withPlayer(base, 'r0', player('late'))).toBe(base);
  });

  it('a bust ends the round into the history and settles my bet; the next round clears it', () => {
    const busted = withRound(
      base,
      round('r1', {
        state: 'busted',
        crashUnits: 123,
        hash: 'ab'.repeat(32),
        players: [player('me', { state: 'busted', payout: '0.000000' })],
      }),
    );
    expect(busted.history[0]).toMatchObject({ id: 'r1', crashUnits: 123, hash: 'ab'.repeat(32) });
    expect(busted.mine).toMatchObject({ state: 'busted', autoUnits: 200 });
    const next = withRound(busted, round('r2', { game: 8 }));
    expect(next.mine).toBeNull();
    expect(next.round!.id).toBe('r2');
    expect(next.history.map((r) => r.id)).toEqual(['r1']);
  });

  it('lists each bet with where it cashed out, hidden names hidden', () => {
    render(
      <NextIntlClientProvider locale="en" messages={en}>
        <CrashPlayers
          round={round('r1', {
            players: [
              player('a', { state: 'cashed_out', cashedUnits: 250, payout: '2.500000' }),
              player('b', { state: 'busted', player: null, payout: '0.000000' }),
            ],
          })}
        />
      </NextIntlClientProvider>,
    );
    const table = screen.getByRole('table', { name: 'Players in this round: 2' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent(/player-a.*2\.50×/);
    expect(second).toHaveTextContent(/Hidden.*Crashed/);
  });
});
