/**
 * Cash-out through the route handlers on a fresh embedded database: the offer My bets shows for
 * an open single (never for a multiple), taken at the price under the lock when the player's rule
 * accepts it, paid once with the bet closed and its round settled; refused on a suspended or
 * stale market, on another player's bet, and when the offer moved against the rule.
 */
import { POST as cashOutRoute } from '@/app/api/v1/sports/bets/[id]/cash-out/route';
import { GET as listBets, POST as placeRoute } from '@/app/api/v1/sports/bets/route';
import { config } from '@/lib/config';
import type { SportsBet } from '@/lib/schemas/sportsbook';
import { closeDb } from '@/lib/server/db';
import { demoSchedule } from '@/lib/server/sportsbook/demo-feed';
import { storeEvents } from '@/lib/server/sportsbook/feed';
import { closeEvent, settleSportsBet } from '@/lib/server/sportsbook/settlement';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { call, request, withId } from './helpers/api';
import { balanceOf, sqlRows } from './helpers/races';
import { fundedPlayer } from './helpers/wallet';

const UNIT = BigInt(10) ** BigInt(6);
const NOW = new Date(Date.now() + 120_000);
const mutable = config as Record<string, unknown>;

afterAll(closeDb);

type Market = { id: string; eventId: number; outcomes: string[]; odds: number[]; fair: number[] };
let markets: Market[] = [];

beforeAll(async () => {
  await storeEvents(
    demoSchedule(9, NOW).filter((e) => e.startsAt > NOW),
    'demo',
  );
  markets = (
    await sqlRows(
      `SELECT m.id, m.event_id, m.outcomes, m.odds, m.fair FROM sports_markets m
       JOIN sports_events e ON e.id = m.event_id
       WHERE e.sport = 'soccer' AND m.kind = '1x2' ORDER BY e.starts_at, e.id`,
    )
  ).map((r) => ({
    id: String(r.id),
    eventId: Number(r.event_id),
    outcomes: r.outcomes as string[],
    odds: (r.odds as number[]).map(Number),
    fair: (r.fair as number[]).map(Number),
  }));
});

let n = 0;
let keys = 0;
const funded = () => fundedPlayer(`cashout${(n += 1)}@example.com`, 'USDT', BigInt(100) * UNIT);
async function bet(token: string, selections: Market[], amount = '10') {
  const placed = await call<SportsBet>(
    placeRoute,
    request('POST', '/sports/bets', {
      token,
      body: {
        currency: 'USDT',
        amount,
        oddsRule: 'none',
        idempotencyKey: `cashout-key-${(keys += 1)}`,
        selections: selections.map((m) => ({ marketId: m.id, outcome: 'home', odds: m.odds[0] })),
      },
    }),
  );
  if (placed.status !== 200) throw new Error(JSON.stringify(placed));
  return placed.data!;
}
const openBets = async (token: string) =>
  (
    await call<{ bets: SportsBet[] }>(
      listBets,
      request('GET', '/sports/bets?state=open', { token }),
    )
  ).data!.bets;
const cashOut = (token: string, id: string, amount: string, oddsRule = 'none') =>
  call<SportsBet>(
    withId(cashOutRoute, id),
    request('POST', `/sports/bets/${id}/cash-out`, { token, body: { amount, oddsRule } }),
  );
/** floor(stake × odds × p × 0.95) in USDT's units, p in millionths rounded down. */
const offerFor = (stake: bigint, odds: number, p: number) =>
  (stake * BigInt(odds) * BigInt(Math.floor(p * 1e6)) * BigInt(9_500)) /
  (BigInt(10_000) * BigInt(1_000_000) * BigInt(10_000));
const usdt = (units: bigint) => (Number(units) / 1e6).toFixed(6);

describe('cashing out a sportsbook bet', () => {
  it('offers an open single its fair value less the margin, pays it once, and closes the bet', async () => {
    const { userId, token } = await funded();
    const m = markets[0]!;
    const single = await bet(token, [m]);
    await bet(token, [markets[1]!, markets[2]!], '2');
    const listed = await openBets(token);
    const offer = offerFor(BigInt(10) * UNIT, m.odds[0]!, m.fair[0]!);
    expect(listed.find((b) => b.id === single.id)!.cashOut).toBe(usdt(offer));
    expect(listed.find((b) => b.id !== single.id)!.cashOut).toBeNull();

    const done = await cashOut(token, single.id, usdt(offer));
    expect(done.status).toBe(200);
    expect(done.data).toMatchObject({ state: 'cashed_out', payout: usdt(offer), cashOut: null });
    expect(await balanceOf(userId, 'stake')).toBe(BigInt(2) * UNIT);
    expect(await balanceOf(userId, 'available')).toBe(BigInt(88) * UNIT + offer);
    const [round] = await sqlRows(
      `SELECT state, payout::text AS payout FROM game_rounds WHERE round_id = $1`,
      [single.id],
    );
    expect(round).toEqual({ state: 'settled', payout: offer.toString() });
    const [told] = await sqlRows(`SELECT title FROM notices WHERE user_id = $1`, [userId]);
    expect(told!.title).toBe('Bet cashed out');

    // Cashed out once: again is refused, and the match's result pays nothing more.
    const again = await cashOut(token, single.id, usdt(offer));
    expect(again.status).toBe(409);
    expect(again.error!.message).toBe('This bet is already settled or cashed out.');
    await closeEvent(m.eventId, { regulation: [1, 0], full: [1, 0] }, null);
    expect(await settleSportsBet(single.id)).toBe(false);
    expect(await balanceOf(userId, 'available')).toBe(BigInt(88) * UNIT + offer);
    expect(await checkLedger()).toEqual([]);
  });

  it('takes the offer under the lock by the player’s rule, and makes none on a closed or stale market', async () => {
    const { token } = await funded();
    const m = markets[3]!;
    const single = await bet(token, [m]);
    const offer = offerFor(BigInt(10) * UNIT, m.odds[0]!, m.fair[0]!);
    // The player saw more than is offered now.
    const higher = usdt(offer + BigInt(1_000));
    const moved = await cashOut(token, single.id, higher, 'higher');
    expect(moved.status).toBe(409);
    expect(moved.error!.message).toBe(
      'The cash-out offer has changed. Check the new offer and try again.',
    );

    await sqlRows(`UPDATE sports_markets SET state = 'suspended' WHERE id = $1`, [m.id]);
    const suspended = await cashOut(token, single.id, usdt(offer));
    await sqlRows(`UPDATE sports_markets SET state = 'open' WHERE id = $1`, [m.id]);
    expect(suspended.error!.message).toBe('Cash-out is not offered on this bet right now.');
    expect((await openBets(token))[0]!.cashOut).toBe(usdt(offer));

    // Live with prices older than LIVE_STALE_MS: no offer.
    await sqlRows(`UPDATE sports_events SET state = 'live' WHERE id = $1;`, [m.eventId]);
    await sqlRows(
      `UPDATE sports_markets SET priced_at = now() - interval '10 minutes' WHERE id = $1`,
      [m.id],
    );
    expect((await openBets(token))[0]!.cashOut).toBeNull();
    expect((await cashOut(token, single.id, usdt(offer))).code).toBe('SPORTS_CASHOUT_UNAVAILABLE');

    // Fresh again, live: taken after the delay, at any price when the player says so.
    const delay = mutable.LIVE_BET_DELAY_MS;
    mutable.LIVE_BET_DELAY_MS = 100;
    await sqlRows(`UPDATE sports_markets SET priced_at = now() WHERE id = $1`, [m.id]);
    try {
      const taken = await cashOut(token, single.id, higher, 'any');
      expect(taken.status).toBe(200);
      expect(taken.data!.payout).toBe(usdt(offer));
    } finally {
      mutable.LIVE_BET_DELAY_MS = delay;
      await sqlRows(`UPDATE sports_events SET state = 'scheduled' WHERE id = $1`, [m.eventId]);
    }
  });

  it('is the owner’s alone', async () => {
    const owner = await funded();
    const other = await funded();
    const single = await bet(owner.token, [markets[4]!]);
    const stolen = await cashOut(other.token, single.id, '1');
    expect(stolen.status).toBe(404);
    expect((await cashOut(owner.token, single.id, 'lots')).status).toBe(400);
    const [row] = await sqlRows(`SELECT state FROM sports_bets WHERE id = $1`, [single.id]);
    expect(row!.state).toBe('open');
  });
});
