/**
 * Resettlement on a fresh embedded database: risk staff correct a closed event's result. A bet
 * that paid nothing is settled again at once (version 2, the difference paid); one that paid waits
 * for a second staff member, and its take-back comes out of the available balance and, past it,
 * is owed — a risk flag open, never a negative available balance (withdrawals then wait: see
 * the posting core's tests). Refusals, a stale approval, and the job run twice at once.
 */
import { POST as placeRoute } from '@/app/api/v1/sports/bets/route';
import { POST as resultRoute } from '@/app/api/v1/operator/sports/events/[id]/result/route';
import { POST as resettleRoute } from '@/app/api/v1/operator/sports/events/[id]/resettle/route';
import { GET as closedRoute } from '@/app/api/v1/operator/sports/events/closed/route';
import { POST as approveRoute } from '@/app/api/v1/operator/approvals/[id]/approve/route';
import { POST as withdrawRoute } from '@/app/api/v1/wallet/withdrawals/route';
import type { SportsBet } from '@/lib/schemas/sportsbook';
import { closeDb } from '@/lib/server/db';
import { drainJobs } from '@/lib/server/jobs';
import { demoSchedule } from '@/lib/server/sportsbook/demo-feed';
import { storeEvents } from '@/lib/server/sportsbook/feed';
import { settleEventBets } from '@/lib/server/sportsbook/settlement';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { call, request, withId } from './helpers/api';
import { balanceOf, sqlRows } from './helpers/races';
import { asStaff, signedInStaff } from './helpers/staff';
import { fundedPlayer, hotWalletOnEthereum } from './helpers/wallet';

const UNIT = BigInt(10) ** BigInt(6);
const NOW = new Date(Date.now() + 120_000);
const ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

const restoreWallet = hotWalletOnEthereum();
afterAll(async () => {
  restoreWallet();
  await closeDb();
});

type Market = { id: string; eventId: number; kind: string; outcomes: string[]; odds: number[] };
let markets: Market[] = [];
let risk: Awaited<ReturnType<typeof signedInStaff>>;
let admin: Awaited<ReturnType<typeof signedInStaff>>;

beforeAll(async () => {
  await storeEvents(
    demoSchedule(3, NOW).filter((e) => e.startsAt > NOW),
    'demo',
  );
  markets = (
    await sqlRows(
      `SELECT m.id, m.event_id, m.kind, m.outcomes, m.odds FROM sports_markets m
       JOIN sports_events e ON e.id = m.event_id
       WHERE e.sport = 'soccer' AND m.kind = '1x2' AND m.state = 'open'
       ORDER BY e.starts_at, e.id`,
    )
  ).map((r) => ({
    id: String(r.id),
    eventId: Number(r.event_id),
    kind: String(r.kind),
    outcomes: r.outcomes as string[],
    odds: (r.odds as number[]).map(Number),
  }));
  risk = await signedInStaff('risk');
  admin = await signedInStaff('admin');
});

const pick = (m: Market, outcome: string) => ({
  marketId: m.id,
  outcome,
  odds: m.odds[m.outcomes.indexOf(outcome)]!,
});
const returnOf = (stake: bigint, odds: number) => (stake * BigInt(odds)) / BigInt(10_000);

let n = 0;
let keys = 0;
const funded = (usdt: number) =>
  fundedPlayer(`resettle${(n += 1)}@example.com`, 'USDT', BigInt(usdt) * UNIT);
async function bet(token: string, market: Market, outcome: string, amount: string) {
  const placed = await call<SportsBet>(
    placeRoute,
    request('POST', '/sports/bets', {
      token,
      body: {
        currency: 'USDT',
        amount,
        oddsRule: 'none',
        idempotencyKey: `resettle-bet-${(keys += 1)}`,
        selections: [pick(market, outcome)],
      },
    }),
  );
  if (placed.status !== 200) throw new Error(JSON.stringify(placed));
  return placed.data!;
}
async function closeWith(id: number, home: number, away: number) {
  const entered = await call(
    withId(resultRoute, String(id)),
    asStaff('POST', `/operator/sports/events/${id}/result`, risk.cookie, {
      regulation: { home, away },
    }),
  );
  expect(entered.status).toBe(200);
  await drainJobs();
}
type Answer = { id: number; status: 'resettled' | 'pending'; approvalId?: string };
const resettle = (cookie: string, id: number, body: Record<string, unknown>) =>
  call<Answer>(
    withId(resettleRoute, String(id)),
    asStaff('POST', `/operator/sports/events/${id}/resettle`, cookie, {
      reason: 'the feed sent the wrong score',
      idempotencyKey: `resettle-${(keys += 1)}`,
      ...body,
    }),
  );
const approve = (cookie: string, id: string) =>
  call<{ status: string }>(
    withId(approveRoute, id),
    asStaff('POST', `/operator/approvals/${id}/approve`, cookie, {}),
  );
const betRow = async (id: string) =>
  (
    await sqlRows(`SELECT state, payout::text AS payout, version FROM sports_bets WHERE id = $1`, [
      id,
    ])
  )[0]!;

describe('resettling a closed event', () => {
  it('pays a bet that lost at once when nothing on the event had paid, once however often the job runs', async () => {
    const market = markets[0]!;
    const player = await funded(20);
    const away = await bet(player.token, market, 'away', '10');
    await closeWith(market.eventId, 1, 0);
    expect(await betRow(away.id)).toEqual({ state: 'settled', payout: '0', version: 1 });

    const closed = await call<Array<{ id: number; result: unknown; bets: number }>>(
      closedRoute,
      asStaff('GET', '/operator/sports/events/closed', risk.cookie),
    );
    expect(closed.data!.find((e) => e.id === market.eventId)).toMatchObject({
      result: { regulation: [1, 0], full: [1, 0] },
      bets: 1,
    });

    const answer = await resettle(risk.cookie, market.eventId, {
      result: { regulation: { home: 0, away: 1 } },
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ id: market.eventId, status: 'resettled' });
    // The job twice at once: the difference is paid once.
    await Promise.all([settleEventBets(market.eventId), settleEventBets(market.eventId)]);
    await drainJobs();

    const paid = returnOf(BigInt(10) * UNIT, pick(market, 'away').odds);
    expect(await betRow(away.id)).toEqual({
      state: 'settled',
      payout: paid.toString(),
      version: 2,
    });
    expect(await balanceOf(player.userId, 'available')).toBe(BigInt(10) * UNIT + paid);
    const postings = await sqlRows(
      `SELECT key FROM ledger_transactions WHERE key LIKE $1 ORDER BY key`,
      [`settle:${away.id}:%`],
    );
    expect(postings.map((p) => p.key)).toEqual([
      `settle:${away.id}:1`,
      `settle:${away.id}:1:return`,
      `settle:${away.id}:2`,
    ]);
    const events = await sqlRows(
      `SELECT payload->>'version' AS version, payload->>'status' AS status,
         payload->'payout'->>'real' AS payout
       FROM domain_events WHERE aggregate = $1 ORDER BY sequence`,
      [`bet:sportsbook:${away.id}`],
    );
    expect(events).toEqual([
      { version: '1', status: 'lost', payout: '0' },
      { version: '2', status: 'won', payout: paid.toString() },
    ]);
    const [round] = await sqlRows(
      `SELECT payout::text AS payout FROM game_rounds WHERE round_id = $1`,
      [away.id],
    );
    expect(round!.payout).toBe(paid.toString());
    const [notice] = await sqlRows(`SELECT title, message FROM notices WHERE user_id = $1`, [
      player.userId,
    ]);
    expect(notice).toMatchObject({ title: 'Bet resettled' });
    expect(String(notice!.message)).toContain('was added to your balance');
    const [audited] = await sqlRows(
      `SELECT before, after FROM operator_audit WHERE action = 'sportsbook.event.resettle' AND target = $1`,
      [`sports-event:${market.eventId}`],
    );
    expect(audited).toEqual({
      before: { result: { regulation: [1, 0], full: [1, 0] } },
      after: {
        result: { regulation: [0, 1], full: [0, 1] },
        reason: 'the feed sent the wrong score',
      },
    });
    expect(await checkLedger()).toEqual([]);
  });

  it('takes back a paid win only with a second pair of eyes, and past the balance the player owes it', async () => {
    const market = markets[1]!;
    const player = await funded(20);
    const home = await bet(player.token, market, 'home', '10');
    await closeWith(market.eventId, 2, 0);
    const won = returnOf(BigInt(10) * UNIT, pick(market, 'home').odds);
    expect(await balanceOf(player.userId, 'available')).toBe(BigInt(10) * UNIT + won);

    // Most of it on its way out: the withdrawal holds it (and its fee), a little is left.
    const out = BigInt(10) * UNIT + won - BigInt(3) * UNIT;
    const withdrawal = await call(
      withdrawRoute,
      request('POST', '/wallet/withdrawals', {
        token: player.token,
        body: {
          currency: 'USDT',
          network: 'ethereum',
          address: ADDRESS,
          amount: (Number(out) / 1e6).toString(),
          idempotencyKey: `resettle-withdraw-${player.userId}`,
        },
      }),
    );
    expect(withdrawal.status).toBe(200);
    const left = await balanceOf(player.userId, 'available');
    expect(left).toBeGreaterThan(BigInt(0));

    const asked = await resettle(risk.cookie, market.eventId, { result: null });
    expect(asked.status).toBe(200);
    expect(asked.data).toMatchObject({ status: 'pending' });
    const approvalId = asked.data!.approvalId!;
    // Nothing moved while it waits; the requester cannot approve it.
    expect(await betRow(home.id)).toMatchObject({ version: 1 });
    const own = await approve(risk.cookie, approvalId);
    expect(own.status).toBe(403);
    expect(await balanceOf(player.userId, 'available')).toBe(left);

    const approved = await approve(admin.cookie, approvalId);
    expect(approved.status).toBe(200);
    expect(approved.data).toMatchObject({ status: 'approved' });
    await drainJobs();

    // Void: the stake comes back, the win is taken back — what was left, and the rest owed.
    const difference = BigInt(10) * UNIT - won;
    expect(await betRow(home.id)).toEqual({
      state: 'settled',
      payout: (BigInt(10) * UNIT).toString(),
      version: 2,
    });
    expect(await balanceOf(player.userId, 'available')).toBe(BigInt(0));
    expect(await balanceOf(player.userId, 'receivable')).toBe(difference + left);
    const flags = await sqlRows(
      `SELECT kind FROM player_flags WHERE user_id = $1 AND closed_at IS NULL`,
      [player.userId],
    );
    expect(flags).toEqual([{ kind: 'negative_receivable' }]);
    const [notice] = await sqlRows(
      `SELECT message FROM notices WHERE user_id = $1 AND title = 'Bet resettled'`,
      [player.userId],
    );
    expect(String(notice!.message)).toContain('was taken back');
    expect(await checkLedger()).toEqual([]);
  });

  it('refuses an open event, the same result, a short reason and the wrong role; an approval made against an old result fails', async () => {
    const [, , open, closedOne] = markets;
    const notYet = await resettle(risk.cookie, open!.eventId, {
      result: { regulation: { home: 1, away: 1 } },
    });
    expect(notYet.status).toBe(409);
    expect(notYet.error!.message).toBe('This event has no result yet. Enter its result instead.');

    const market = closedOne!;
    const player = await funded(20);
    await bet(player.token, market, 'draw', '5');
    await closeWith(market.eventId, 1, 1);
    const same = await resettle(risk.cookie, market.eventId, {
      result: { regulation: { home: 1, away: 1 } },
    });
    expect(same.status).toBe(409);
    expect(same.error!.message).toBe('That is already this event’s result.');
    const short = await resettle(risk.cookie, market.eventId, { result: null, reason: 'x' });
    expect(short.status).toBe(400);
    const payments = await signedInStaff('payments');
    const forbidden = await resettle(payments.cookie, market.eventId, { result: null });
    expect(forbidden.status).toBe(403);
    const missing = await resettle(risk.cookie, 999_999_999, { result: null });
    expect(missing.status).toBe(404);

    // Two corrections asked against 1–1; the first approved moves the result, the second is stale.
    const first = await resettle(risk.cookie, market.eventId, {
      result: { regulation: { home: 2, away: 1 } },
      idempotencyKey: 'resettle-stale-first',
    });
    const repeat = await resettle(risk.cookie, market.eventId, {
      result: { regulation: { home: 2, away: 1 } },
      idempotencyKey: 'resettle-stale-first',
    });
    expect(repeat.data).toEqual(first.data);
    const reused = await resettle(risk.cookie, market.eventId, {
      result: { regulation: { home: 3, away: 1 } },
      idempotencyKey: 'resettle-stale-first',
    });
    expect(reused.status).toBe(422);
    const second = await resettle(risk.cookie, market.eventId, {
      result: { regulation: { home: 0, away: 0 } },
    });
    expect((await approve(admin.cookie, first.data!.approvalId!)).status).toBe(200);
    const stale = await approve(admin.cookie, second.data!.approvalId!);
    expect(stale.status).toBe(409);
    await drainJobs();
    const [row] = await sqlRows(`SELECT result FROM sports_events WHERE id = $1`, [market.eventId]);
    expect(row!.result).toEqual({ regulation: [2, 1], full: [2, 1] });
    expect(await checkLedger()).toEqual([]);
  });
});
