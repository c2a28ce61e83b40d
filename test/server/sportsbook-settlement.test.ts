/**
 * Sportsbook settlement on a fresh embedded database: a risk officer enters a final score in the
 * settlement room, the event's markets and legs settle at once and its bets by a job — winners
 * paid exactly once, losers' stakes to the house, multiples waiting on their other legs, the
 * liability given back, the game record and `bet.settled` written; a voided event returns its
 * stakes; the room's list, its roles and its refusals.
 */
import { POST as placeRoute } from '@/app/api/v1/sports/bets/route';
import { POST as resultRoute } from '@/app/api/v1/operator/sports/events/[id]/result/route';
import { GET as roomRoute } from '@/app/api/v1/operator/sports/events/route';
import { POST as voidRoute } from '@/app/api/v1/operator/sports/events/[id]/void/route';
import type { SportsBet } from '@/lib/schemas/sportsbook';
import { closeDb } from '@/lib/server/db';
import { drainJobs } from '@/lib/server/jobs';
import { demoSchedule } from '@/lib/server/sportsbook/demo-feed';
import { storeEvents } from '@/lib/server/sportsbook/feed';
import { settleEventBets, voidForgottenEvents } from '@/lib/server/sportsbook/settlement';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { call, request, withId } from './helpers/api';
import { balanceOf, sqlRows } from './helpers/races';
import { asStaff, signedInStaff } from './helpers/staff';
import { fundedPlayer } from './helpers/wallet';

const UNIT = BigInt(10) ** BigInt(6);
const NOW = new Date(Date.now() + 120_000);

afterAll(closeDb);

type Market = { id: string; eventId: number; kind: string; outcomes: string[]; odds: number[] };
let markets: Market[] = [];
let risk: Awaited<ReturnType<typeof signedInStaff>>;

beforeAll(async () => {
  await storeEvents(
    demoSchedule(3, NOW).filter((e) => e.startsAt > NOW),
    'demo',
  );
  markets = (
    await sqlRows(
      `SELECT m.id, m.event_id, m.kind, m.outcomes, m.odds FROM sports_markets m
       JOIN sports_events e ON e.id = m.event_id
       WHERE e.sport = 'soccer' AND m.state = 'open' ORDER BY e.starts_at, e.id, m.kind`,
    )
  ).map((r) => ({
    id: String(r.id),
    eventId: Number(r.event_id),
    kind: String(r.kind),
    outcomes: r.outcomes as string[],
    odds: (r.odds as number[]).map(Number),
  }));
  risk = await signedInStaff('risk');
});

const eventIds = () => [...new Set(markets.map((m) => m.eventId))];
const marketOf = (eventId: number, kind: string) =>
  markets.find((m) => m.eventId === eventId && m.kind === kind)!;
const pick = (m: Market, outcome: string) => ({
  marketId: m.id,
  outcome,
  odds: m.odds[m.outcomes.indexOf(outcome)]!,
});

let n = 0;
let keys = 0;
const funded = (usdt: number) =>
  fundedPlayer(`settle${(n += 1)}@example.com`, 'USDT', BigInt(usdt) * UNIT);
async function bet(token: string, selections: unknown[], amount: string) {
  const placed = await call<SportsBet>(
    placeRoute,
    request('POST', '/sports/bets', {
      token,
      body: {
        currency: 'USDT',
        amount,
        oddsRule: 'none',
        idempotencyKey: `settle-key-${(keys += 1)}`,
        selections,
      },
    }),
  );
  if (placed.status !== 200) throw new Error(JSON.stringify(placed));
  return placed.data!;
}
const result = (cookie: string, id: number, body: unknown) =>
  call(
    withId(resultRoute, String(id)),
    asStaff('POST', `/operator/sports/events/${id}/result`, cookie, body),
  );
const voided = (cookie: string, id: number, body: unknown) =>
  call(
    withId(voidRoute, String(id)),
    asStaff('POST', `/operator/sports/events/${id}/void`, cookie, body),
  );
const betRow = async (id: string) =>
  (
    await sqlRows(`SELECT state, payout::text AS payout, version FROM sports_bets WHERE id = $1`, [
      id,
    ])
  )[0]!;
const returnOf = (stake: bigint, odds: number) => (stake * BigInt(odds)) / BigInt(10_000);

describe('settling sportsbook bets', () => {
  it('pays winners once when a result is entered, keeps multiples open, and gives back the liability', async () => {
    const [first, second] = eventIds();
    const x12 = marketOf(first!, '1x2');
    const total = marketOf(first!, 'total');
    const winner = await funded(100);
    const loser = await funded(100);
    const home = await bet(winner.token, [pick(x12, 'home')], '10');
    const over = await bet(winner.token, [pick(total, 'over')], '4');
    const away = await bet(loser.token, [pick(x12, 'away')], '10');
    const multiple = await bet(
      loser.token,
      [pick(x12, 'home'), pick(marketOf(second!, '1x2'), 'draw')],
      '2',
    );

    const room = await call<Array<{ id: number; openBets: number; liabilityUsd: number }>>(
      roomRoute,
      asStaff('GET', '/operator/sports/events', risk.cookie),
    );
    const listed = room.data!.find((e) => e.id === first);
    expect(listed).toMatchObject({ openBets: 4 });
    expect(listed!.liabilityUsd).toBeGreaterThan(0);

    // 2–1 after ninety minutes: home wins, three goals go over 2.5.
    const entered = await result(risk.cookie, first!, { regulation: { home: 2, away: 1 } });
    expect(entered.status).toBe(200);
    expect(entered.data).toEqual({ id: first, state: 'ended' });
    await drainJobs();

    expect(await betRow(home.id)).toEqual({
      state: 'settled',
      payout: returnOf(BigInt(10) * UNIT, pick(x12, 'home').odds).toString(),
      version: 1,
    });
    expect((await betRow(over.id)).payout).toBe(
      returnOf(BigInt(4) * UNIT, pick(total, 'over').odds).toString(),
    );
    expect(await betRow(away.id)).toEqual({ state: 'settled', payout: '0', version: 1 });
    expect((await betRow(multiple.id)).state).toBe('open');
    expect(await balanceOf(winner.userId, 'stake')).toBe(BigInt(0));
    // Wins under the threshold are not told one by one.
    expect(await sqlRows(`SELECT 1 FROM notices WHERE user_id = $1`, [winner.userId])).toEqual([]);
    expect(await balanceOf(winner.userId, 'available')).toBe(
      BigInt(86) * UNIT +
        returnOf(BigInt(10) * UNIT, pick(x12, 'home').odds) +
        returnOf(BigInt(4) * UNIT, pick(total, 'over').odds),
    );
    // The loser's multiple still holds its stake.
    expect(await balanceOf(loser.userId, 'stake')).toBe(BigInt(2) * UNIT);
    const legs = await sqlRows(
      `SELECT result FROM sports_bet_legs WHERE bet_id = $1 ORDER BY leg`,
      [multiple.id],
    );
    expect(legs.map((l) => l.result)).toEqual(['won', null]);
    // What the settled bets added to the away and over rows is given back.
    const [awayRow] = await sqlRows(
      `SELECT amount::text AS a FROM sports_liabilities WHERE key = $1`,
      [`s:${x12.id}:away`],
    );
    expect(awayRow!.a).toBe('0');
    const [round] = await sqlRows(
      `SELECT state, payout::text AS payout FROM game_rounds WHERE round_id = $1`,
      [home.id],
    );
    expect(round).toEqual({ state: 'settled', payout: (await betRow(home.id)).payout });
    const events = await sqlRows(
      `SELECT payload->>'status' AS status FROM domain_events WHERE aggregate = $1`,
      [`bet:sportsbook:${home.id}`],
    );
    expect(events).toEqual([{ status: 'won' }]);
    const [audited] = await sqlRows(`SELECT action, after FROM operator_audit WHERE target = $1`, [
      `sports-event:${first}`,
    ]);
    expect(audited).toEqual({
      action: 'sportsbook.event.result',
      after: { score: { regulation: [2, 1], full: [2, 1] } },
    });

    // Again: nothing more is paid, and the event cannot be resulted twice.
    const before = await balanceOf(winner.userId, 'available');
    expect(await settleEventBets(first!)).toBe(0);
    expect(await balanceOf(winner.userId, 'available')).toBe(before);
    const twice = await result(risk.cookie, first!, { regulation: { home: 0, away: 0 } });
    expect(twice.status).toBe(409);
    expect(twice.error!.message).toBe('This event is already settled or void.');
    expect(await checkLedger()).toEqual([]);
  });

  it('voids an event: singles get their stakes back, a multiple counts the leg as 1', async () => {
    const [, second, third] = eventIds();
    const player = await funded(50);
    const draw = marketOf(second!, '1x2');
    const single = await bet(player.token, [pick(draw, 'draw')], '5');
    const other = marketOf(third!, '1x2');
    const multiple = await bet(player.token, [pick(draw, 'home'), pick(other, 'away')], '3');

    const refused = await voided(risk.cookie, second!, { reason: 'x' });
    expect(refused.status).toBe(400);
    const done = await voided(risk.cookie, second!, { reason: 'Match abandoned: floodlights' });
    expect(done.data).toEqual({ id: second, state: 'abandoned' });
    await drainJobs();
    expect(await betRow(single.id)).toMatchObject({ state: 'settled', payout: '5000000' });
    // The player is told of the void bet, and where to see it.
    const told = await sqlRows(`SELECT title, message, link FROM notices WHERE user_id = $1`, [
      player.userId,
    ]);
    expect(told).toEqual([
      {
        title: 'Bet void',
        message: '5 USDT is back in your balance: your bet was void.',
        link: '/sports?bt-path=%2Fbets',
      },
    ]);
    expect((await betRow(multiple.id)).state).toBe('open');

    // The other leg wins: the multiple pays its stake at that leg's odds alone.
    await result(risk.cookie, third!, { regulation: { home: 0, away: 1 } });
    await drainJobs();
    expect((await betRow(multiple.id)).payout).toBe(
      returnOf(BigInt(3) * UNIT, pick(other, 'away').odds).toString(),
    );
    expect(await balanceOf(player.userId, 'stake')).toBe(BigInt(0));
    const statuses = await sqlRows(
      `SELECT payload->>'status' AS status FROM domain_events WHERE aggregate = $1`,
      [`bet:sportsbook:${single.id}`],
    );
    expect(statuses).toEqual([{ status: 'void' }]);
    expect(await checkLedger()).toEqual([]);
  });

  it('leaves the room to risk and admin staff, and refuses bad results', async () => {
    const [, , , fourth] = eventIds();
    const support = await signedInStaff('support');
    const forbidden = await result(support.cookie, fourth!, { regulation: { home: 1, away: 0 } });
    expect(forbidden.status).toBe(403);
    for (const body of [
      { regulation: { home: -1, away: 0 } },
      { regulation: { home: 1.5, away: 0 } },
      { regulation: { home: 1 } },
      {},
    ]) {
      expect((await result(risk.cookie, fourth!, body)).status).toBe(400);
    }
    const missing = await result(risk.cookie, 999_999_999, { regulation: { home: 1, away: 0 } });
    expect(missing.status).toBe(404);
    const [state] = await sqlRows(`SELECT state FROM sports_events WHERE id = $1`, [fourth]);
    expect(state!.state).toBe('scheduled');
  });
  it('voids a match 48 hours after its start when no result came, returning its stakes', async () => {
    const [, , , , fifth] = eventIds();
    const player = await funded(20);
    const placed = await bet(player.token, [pick(marketOf(fifth!, '1x2'), 'home')], '4');
    // Still not past its 48 hours: it stays (earlier matches may go).
    const startsAt = Date.parse(
      String(
        (await sqlRows(`SELECT starts_at FROM sports_events WHERE id = $1`, [fifth]))[0]!.starts_at,
      ),
    );
    await voidForgottenEvents(new Date(startsAt + 47 * 3_600_000));
    const [waiting] = await sqlRows(`SELECT state FROM sports_events WHERE id = $1`, [fifth]);
    expect(waiting!.state).toBe('scheduled');
    expect(await voidForgottenEvents(new Date(startsAt + 49 * 3_600_000))).toBeGreaterThanOrEqual(
      1,
    );
    await drainJobs();
    expect(await betRow(placed.id)).toMatchObject({ state: 'settled', payout: '4000000' });
    const [state] = await sqlRows(`SELECT state FROM sports_events WHERE id = $1`, [fifth]);
    expect(state!.state).toBe('abandoned');
  });
});
