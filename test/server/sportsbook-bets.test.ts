/**
 * Sportsbook bets through their route handlers on a fresh embedded database: a single and a
 * multiple placed with the stake held in the player's `stake` balance, a bet row, its legs, an
 * open round and the liability rows; the odds-change rule; closed markets; the limits; retries;
 * and every refusal with its message and nothing changed.
 */
import { GET as listBets, POST as placeRoute } from '@/app/api/v1/sports/bets/route';
import { config } from '@/lib/config';
import type { SportsBet } from '@/lib/schemas/sportsbook';
import { closeDb } from '@/lib/server/db';
import { demoSchedule } from '@/lib/server/sportsbook/demo-feed';
import { storeEvents } from '@/lib/server/sportsbook/feed';
import type { BookSettings } from '@/lib/schemas/sportsbook';
import { settingsOf, updateBook } from '@/lib/server/sportsbook/book';
import { DEFAULT_BOOK } from '@/lib/server/sportsbook/settings';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { currentRates } from '@/lib/server/wallet/rates';
import { call, request } from './helpers/api';
import { balanceOf, sqlRows } from './helpers/races';
import { fundedPlayer } from './helpers/wallet';

/** Soccer's pre-match settings changed (as risk staff would) while `run` runs, then put back. */
async function withSoccerBook(change: Partial<BookSettings>, run: () => Promise<void>) {
  const current = settingsOf(DEFAULT_BOOK.soccer.prematch);
  const staff = { id: 'token:automation', role: 'admin' as const };
  await updateBook(staff, 'soccer', 'prematch', { ...current, ...change });
  try {
    await run();
  } finally {
    await updateBook(staff, 'soccer', 'prematch', current);
  }
}

const mutable = config as Record<string, unknown>;
const UNIT = BigInt(10) ** BigInt(6);
const NOW = new Date(Date.now() + 120_000);

afterAll(closeDb);

/** Dollars in USDT at the rate the platform uses, rounded as the limits round them. */
async function inUsdt(usd: number, round: 'ceil' | 'floor') {
  const rate = (await currentRates()).rates.USDT!.USD!;
  return usdt(BigInt(Math[round]((usd / rate) * 1e6)));
}

type Market = { id: string; eventId: number; outcomes: string[]; odds: number[] };
let markets: Market[] = [];

beforeAll(async () => {
  await storeEvents(
    demoSchedule(7, NOW).filter((e) => e.startsAt > NOW),
    'demo',
  );
  // Soccer's 1X2 markets, one per match, soonest first.
  markets = (
    await sqlRows(
      `SELECT m.id, m.event_id, m.outcomes, m.odds FROM sports_markets m
       JOIN sports_events e ON e.id = m.event_id
       WHERE e.sport = 'soccer' AND m.kind = '1x2' AND m.state = 'open'
       ORDER BY e.starts_at, e.id`,
    )
  ).map((r) => ({
    id: String(r.id),
    eventId: Number(r.event_id),
    outcomes: r.outcomes as string[],
    odds: (r.odds as number[]).map(Number),
  }));
});

let n = 0;
const funded = (usdt: number) =>
  fundedPlayer(`sbet${(n += 1)}@example.com`, 'USDT', BigInt(usdt) * UNIT);

/** Minor units of USDT as the API writes them: six decimals. */
const usdt = (units: bigint) => (Number(units) / 1e6).toFixed(6);

let keys = 0;
const pick = (m: Market, outcome = 'home') => ({
  marketId: m.id,
  outcome,
  odds: m.odds[m.outcomes.indexOf(outcome)]!,
});
const place = (token: string, body: Record<string, unknown>) =>
  call<SportsBet>(
    placeRoute,
    request('POST', '/sports/bets', {
      token,
      body: {
        currency: 'USDT',
        amount: '10',
        oddsRule: 'none',
        idempotencyKey: `sbet-key-${(keys += 1)}`,
        ...body,
      },
    }),
  );
const liability = async (key: string) =>
  BigInt(
    String(
      (await sqlRows(`SELECT amount::text AS a FROM sports_liabilities WHERE key = $1`, [key]))[0]
        ?.a ?? '0',
    ),
  );
const setOdds = (m: Market, odds: number[]) =>
  sqlRows(`UPDATE sports_markets SET odds = $2 WHERE id = $1`, [m.id, odds]);

describe('placing a sportsbook bet', () => {
  it('holds a single’s stake, records its bet, legs, round and liability, and lists it', async () => {
    const { userId, token } = await funded(100);
    const m = markets[0]!;
    const placed = await place(token, { selections: [pick(m)], amount: '12.5' });
    expect(placed.status).toBe(200);
    const bet = placed.data!;
    const odds = pick(m).odds;
    expect(bet).toMatchObject({
      currency: 'USDT',
      stake: '12.500000',
      odds,
      state: 'open',
      live: false,
      payout: '0.000000',
    });
    expect(bet.potentialReturn).toBe(usdt((BigInt(12_500_000) * BigInt(odds)) / BigInt(10_000)));
    expect(bet.legs).toEqual([
      expect.objectContaining({ eventId: m.eventId, outcome: 'home', odds, result: null }),
    ]);
    expect(bet.legs[0]!.market).toEqual({ kind: '1x2', period: 'regulation', line: null });
    expect(await balanceOf(userId, 'available')).toBe(BigInt(87_500_000));
    expect(await balanceOf(userId, 'stake')).toBe(BigInt(12_500_000));
    const [round] = await sqlRows(
      `SELECT product, game, state, stake::text AS stake FROM game_rounds WHERE round_id = $1`,
      [bet.id],
    );
    expect(round).toEqual({
      product: 'sportsbook',
      game: 'soccer',
      state: 'open',
      stake: '12500000',
    });
    // The book stands to lose the return less the stake, in millionths of a dollar (USDT ≈ $1).
    const net = BigInt(Math.round((Number(bet.potentialReturn) - 12.5) * 1e6));
    const selection = await liability(`s:${m.id}:home`);
    expect(Number(selection - net)).toBeGreaterThanOrEqual(0);
    expect(Number(selection - net)).toBeLessThan(net / BigInt(100));
    expect(await liability(`p:${userId}:${m.eventId}`)).toBe(selection);

    const open = await call<{ bets: SportsBet[]; next: string | null }>(
      listBets,
      request('GET', '/sports/bets?state=open', { token }),
    );
    expect(open.data).toEqual({ bets: [bet], next: null });
    const settled = await call<{ bets: SportsBet[] }>(
      listBets,
      request('GET', '/sports/bets?state=settled', { token }),
    );
    expect(settled.data!.bets).toEqual([]);
    expect(await checkLedger()).toEqual([]);
  });

  it('prices a multiple as the product of its legs and refuses two legs of one event', async () => {
    const { userId, token } = await funded(100);
    const [a, b] = markets;
    const placed = await place(token, { selections: [pick(a!), pick(b!, 'away')], amount: '2' });
    expect(placed.status).toBe(200);
    const product = BigInt(pick(a!).odds) * BigInt(pick(b!, 'away').odds);
    expect(placed.data!.odds).toBe(Number(product / BigInt(10_000)));
    expect(placed.data!.potentialReturn).toBe(
      usdt((BigInt(2_000_000) * product) / BigInt(10 ** 8)),
    );
    expect(placed.data!.legs.map((l) => l.eventId)).toEqual([a!.eventId, b!.eventId]);
    const [round] = await sqlRows(`SELECT game FROM game_rounds WHERE round_id = $1`, [
      placed.data!.id,
    ]);
    expect(round!.game).toBe('multiple');
    // The answer is built from what placement held: it reads as the bet read back does.
    const listed = await call<{ bets: SportsBet[] }>(
      listBets,
      request('GET', '/sports/bets?state=open', { token }),
    );
    expect(listed.data!.bets).toEqual([placed.data]);

    const [other] = await sqlRows(
      `SELECT id FROM sports_markets WHERE event_id = $1 AND kind = 'total'`,
      [a!.eventId],
    );
    const total = await sqlRows(`SELECT outcomes, odds FROM sports_markets WHERE id = $1`, [
      other!.id,
    ]);
    const sameEvent = await place(token, {
      selections: [
        pick(a!),
        { marketId: other!.id, outcome: 'over', odds: (total[0]!.odds as number[])[0] },
      ],
    });
    expect(sameEvent.status).toBe(400);
    expect(sameEvent.code).toBe('SPORTS_SAME_EVENT');
    expect(sameEvent.error!.message).toBe(
      'A multiple cannot have two selections from the same event.',
    );
    const twice = await place(token, { selections: [pick(a!), pick(a!)] });
    expect(twice.status).toBe(400);
    expect(twice.error!.message).toMatch(/once/);
    expect(await balanceOf(userId, 'stake')).toBe(BigInt(2_000_000));
  });

  it('applies the odds-change rule and always takes our price', async () => {
    const { userId, token } = await funded(100);
    const m = markets[2]!;
    const seen = pick(m);
    const [h, d, a] = m.odds;
    await setOdds(m, [h! - 500, d!, a!]);
    try {
      const none = await place(token, { selections: [seen], oddsRule: 'none' });
      expect(none.status).toBe(409);
      expect(none.error!.message).toBe(
        'The odds have changed. Check the new odds and place the bet again.',
      );
      const higher = await place(token, { selections: [seen], oddsRule: 'higher' });
      expect(higher.code).toBe('SPORTS_ODDS_CHANGED');
      const any = await place(token, { selections: [seen], oddsRule: 'any' });
      expect(any.status).toBe(200);
      expect(any.data!.legs[0]!.odds).toBe(h! - 500);

      await setOdds(m, [h! + 700, d!, a!]);
      const better = await place(token, { selections: [seen], oddsRule: 'higher' });
      expect(better.status).toBe(200);
      expect(better.data!.odds).toBe(h! + 700);
      // A price the player names above ours is never taken.
      const greedy = await place(token, {
        selections: [{ ...seen, odds: h! + 5_000 }],
        oddsRule: 'higher',
      });
      expect(greedy.code).toBe('SPORTS_ODDS_CHANGED');
    } finally {
      await setOdds(m, m.odds);
    }
    expect(await balanceOf(userId, 'stake')).toBe(BigInt(20_000_000));
  });

  it('refuses a market suspended or a match already started, changing nothing', async () => {
    const { userId, token } = await funded(100);
    const m = markets[3]!;
    await sqlRows(`UPDATE sports_markets SET state = 'suspended' WHERE id = $1`, [m.id]);
    const suspended = await place(token, { selections: [pick(m)] });
    await sqlRows(`UPDATE sports_markets SET state = 'open' WHERE id = $1`, [m.id]);
    expect(suspended.status).toBe(409);
    expect(suspended.error!.message).toBe(
      'This market is not taking bets right now. Remove the selection or try again shortly.',
    );
    const startsAt = await sqlRows(`SELECT starts_at FROM sports_events WHERE id = $1`, [
      m.eventId,
    ]);
    await sqlRows(
      `UPDATE sports_events SET starts_at = now() - interval '1 minute' WHERE id = $1`,
      [m.eventId],
    );
    const started = await place(token, { selections: [pick(m)] });
    await sqlRows(`UPDATE sports_events SET starts_at = $2 WHERE id = $1`, [
      m.eventId,
      startsAt[0]!.starts_at,
    ]);
    expect(started.code).toBe('SPORTS_MARKET_CLOSED');
    const unknown = await place(token, {
      selections: [{ ...pick(m), marketId: '00000000-0000-4000-8000-000000000000' }],
    });
    expect(unknown.status).toBe(404);
    expect(await balanceOf(userId, 'available')).toBe(BigInt(100) * UNIT);
    expect(await sqlRows(`SELECT 1 FROM sports_bets WHERE user_id = $1`, [userId])).toEqual([]);
  });

  it('holds stakes and returns to the limits, in the bet’s currency', async () => {
    const { userId, token } = await funded(20_000);
    const m = markets[4]!;
    const low = await place(token, { selections: [pick(m)], amount: '0.05' });
    expect(low.status).toBe(400);
    expect(low.error!.message).toBe(`The smallest stake is ${await inUsdt(0.1, 'ceil')} USDT.`);
    const high = await place(token, { selections: [pick(m)], amount: '5001' });
    expect(high.status).toBe(400);
    expect(high.error!.message).toBe(`The largest stake is ${await inUsdt(5_000, 'floor')} USDT.`);
    await withSoccerBook({ maxPayoutUsd: 100 }, async () => {
      const payout = await place(token, { selections: [pick(m)], amount: '80' });
      expect(payout.status).toBe(400);
      expect(payout.error!.message).toBe(
        `This bet could return more than the maximum payout of ${await inUsdt(100, 'floor')} USDT. Lower the stake.`,
      );
    });
    expect(await balanceOf(userId, 'stake')).toBe(BigInt(0));
  });

  it('answers a retry with its bet, refuses the key for another bet, and needs the money', async () => {
    const { userId, token } = await funded(10);
    const m = markets[5]!;
    const body = { selections: [pick(m)], amount: '6', idempotencyKey: 'sbet-retry-0001' };
    const first = await place(token, body);
    const again = await place(token, body);
    expect(again.status).toBe(200);
    expect(again.data).toEqual(first.data);
    // A retry after the price moved (its rule would now refuse it) is still answered its bet.
    await setOdds(
      m,
      m.odds.map((o) => o + 500),
    );
    try {
      const later = await place(token, body);
      expect(later.status).toBe(200);
      expect(later.data).toEqual(first.data);
    } finally {
      await setOdds(m, m.odds);
    }
    const reused = await place(token, { ...body, amount: '3' });
    expect(reused.status).toBe(422);
    expect(await balanceOf(userId, 'stake')).toBe(BigInt(6_000_000));

    const before = await liability(`s:${m.id}:draw`);
    const broke = await place(token, { selections: [pick(m, 'draw')], amount: '5' });
    expect(broke.status).toBe(409);
    expect(broke.code).toBe('INSUFFICIENT_FUNDS');
    expect(await liability(`s:${m.id}:draw`)).toBe(before);
    expect(
      Number(
        (await sqlRows(`SELECT count(*) AS n FROM sports_bets WHERE user_id = $1`, [userId]))[0]!.n,
      ),
    ).toBe(1);
  });

  it('refuses a stake past a selection’s liability and leaves the row as it was', async () => {
    await withSoccerBook({ selectionLiabilityUsd: 30 }, async () => {
      const { token } = await funded(100);
      const m = markets[6]!;
      const home = pick(m);
      // At odds of about 2, each 10 staked adds about 10 to what the book may lose.
      const stake = (Math.floor((20 / (home.odds / 10_000 - 1)) * 100) / 100).toFixed(2);
      const first = await place(token, { selections: [home], amount: stake });
      expect(first.status).toBe(200);
      const held = await liability(`s:${m.id}:home`);
      const second = await place(token, { selections: [home], amount: stake });
      expect(second.status).toBe(409);
      expect(second.error!.message).toBe(
        'We cannot take this stake on this selection right now. Lower the stake.',
      );
      expect(await liability(`s:${m.id}:home`)).toBe(held);
    });
  });

  it('waits the live delay outside the posting, then checks the market again', async () => {
    const { userId, token } = await funded(100);
    const m = markets[7]!;
    const delay = mutable.LIVE_BET_DELAY_MS;
    mutable.LIVE_BET_DELAY_MS = 400;
    await sqlRows(`UPDATE sports_events SET state = 'live' WHERE id = $1`, [m.eventId]);
    try {
      const started = Date.now();
      const taken = await place(token, { selections: [pick(m)] });
      expect(taken.status).toBe(200);
      expect(taken.data!.live).toBe(true);
      expect(Date.now() - started).toBeGreaterThanOrEqual(400);

      const pending = place(token, { selections: [pick(m, 'away')] });
      await new Promise((r) => setTimeout(r, 100));
      await sqlRows(`UPDATE sports_markets SET state = 'suspended' WHERE id = $1`, [m.id]);
      const refused = await pending;
      expect(refused.code).toBe('SPORTS_MARKET_CLOSED');
    } finally {
      mutable.LIVE_BET_DELAY_MS = delay;
      await sqlRows(`UPDATE sports_events SET state = 'scheduled' WHERE id = $1`, [m.eventId]);
      await sqlRows(`UPDATE sports_markets SET state = 'open' WHERE id = $1`, [m.id]);
    }
    expect(await balanceOf(userId, 'stake')).toBe(BigInt(10_000_000));
  });

  it('asks for a session and a well-formed slip', async () => {
    const anonymous = await call(
      placeRoute,
      request('POST', '/sports/bets', {
        body: {
          currency: 'USDT',
          amount: '1',
          oddsRule: 'any',
          idempotencyKey: 'anon-0001',
          selections: [],
        },
      }),
    );
    expect(anonymous.status).toBe(401);
    const { token } = await funded(1);
    for (const body of [
      { selections: [] },
      { selections: [{ marketId: 'x', outcome: 'home', odds: 20_000 }] },
      { selections: [{ ...pick(markets[0]!), odds: 10_000 }] },
      { selections: [pick(markets[0]!)], oddsRule: 'sometimes' },
      { selections: [pick(markets[0]!)], amount: '-1' },
    ]) {
      const refused = await place(token, body);
      expect(refused.status).toBe(400);
      expect(refused.code).toBe('VALIDATION_ERROR');
    }
  });
});
