/**
 * Risk staff suspend and reopen an event or one market from the settlement room, on a fresh
 * embedded database: while suspended its prices are hidden, bets and cash-outs are refused, and
 * the room shows it; the feed's own state is left alone. Refusals and the audit.
 */
import { POST as suspendRoute } from '@/app/api/v1/operator/sports/events/[id]/suspension/route';
import { GET as roomRoute } from '@/app/api/v1/operator/sports/events/route';
import { POST as cashOutRoute } from '@/app/api/v1/sports/bets/[id]/cash-out/route';
import { GET as listBets, POST as placeRoute } from '@/app/api/v1/sports/bets/route';
import { GET as eventRoute } from '@/app/api/v1/sports/events/[id]/route';
import type { SportsBet, SportsEvent } from '@/lib/schemas/sportsbook';
import { closeDb } from '@/lib/server/db';
import { demoSchedule } from '@/lib/server/sportsbook/demo-feed';
import { storeEvents } from '@/lib/server/sportsbook/feed';
import { closeEvent } from '@/lib/server/sportsbook/settlement';
import { call, request, withId } from './helpers/api';
import { sqlRows } from './helpers/races';
import { asStaff, signedInStaff } from './helpers/staff';
import { fundedPlayer } from './helpers/wallet';

const UNIT = BigInt(10) ** BigInt(6);
const NOW = new Date(Date.now() + 120_000);

afterAll(closeDb);

let events: number[] = [];
let risk: Awaited<ReturnType<typeof signedInStaff>>;
let player: Awaited<ReturnType<typeof fundedPlayer>>;

beforeAll(async () => {
  await storeEvents(
    demoSchedule(2, NOW).filter((e) => e.startsAt > NOW),
    'demo',
  );
  events = (
    await sqlRows(
      `SELECT id FROM sports_events WHERE sport = 'soccer' ORDER BY starts_at, id LIMIT 3`,
    )
  ).map((r) => Number(r.id));
  risk = await signedInStaff('risk');
  player = await fundedPlayer('suspended@example.com', 'USDT', BigInt(100) * UNIT);
});

const shown = async (id: number) =>
  (await call<SportsEvent>(withId(eventRoute, String(id)), request('GET', `/sports/events/${id}`)))
    .data!;
const suspend = (id: number, body: Record<string, unknown>, cookie = risk.cookie) =>
  call<{ id: number; held: boolean; heldMarkets: string[] }>(
    withId(suspendRoute, String(id)),
    asStaff('POST', `/operator/sports/events/${id}/suspension`, cookie, body),
  );
let keys = 0;
const bet = (market: SportsEvent['markets'][number], outcome = 1) =>
  call<SportsBet>(
    placeRoute,
    request('POST', '/sports/bets', {
      token: player.token,
      body: {
        currency: 'USDT',
        amount: '2',
        oddsRule: 'any',
        idempotencyKey: `suspension-${(keys += 1)}`,
        selections: [{ marketId: market.id, outcome: market.outcomes[outcome]!.key, odds: 20_000 }],
      },
    }),
  );

describe('suspending and reopening from the settlement room', () => {
  it('suspends a whole event: its prices hidden, bets and cash-outs refused, until reopened', async () => {
    const id = events[0]!;
    const before = await shown(id);
    const placed = await bet(before.markets[0]!);
    expect(placed.status).toBe(200);

    const held = await suspend(id, { suspended: true });
    expect(held.status).toBe(200);
    expect(held.data).toEqual({ id, held: true, heldMarkets: [] });
    const during = await shown(id);
    expect(new Set(during.markets.map((m) => m.state))).toEqual(new Set(['suspended']));
    const odds = during.markets.flatMap((m) => m.outcomes.map((o) => o.odds));
    expect(odds.length).toBeGreaterThan(0);
    expect(odds).toEqual(odds.map(() => null));
    const refused = await bet(before.markets[0]!);
    expect(refused.status).toBe(409);
    expect(refused.error!.message).toBe(
      'This market is not taking bets right now. Remove the selection or try again shortly.',
    );
    const listed = await call<{ bets: SportsBet[] }>(
      listBets,
      request('GET', '/sports/bets?state=open', { token: player.token }),
    );
    expect(listed.data!.bets.find((b) => b.id === placed.data!.id)!.cashOut).toBeNull();
    const cashOut = await call(
      withId(cashOutRoute, placed.data!.id),
      request('POST', `/sports/bets/${placed.data!.id}/cash-out`, {
        token: player.token,
        body: { amount: '1', oddsRule: 'any' },
      }),
    );
    expect(cashOut.status).toBe(409);
    const room = await call<Array<{ id: number; held: boolean }>>(
      roomRoute,
      asStaff('GET', '/operator/sports/events', risk.cookie),
    );
    expect(room.data!.find((e) => e.id === id)).toMatchObject({ held: true });
    // The feed's own state is untouched: reopening gives the prices back as they are.
    const [stored] = await sqlRows(
      `SELECT count(*)::int AS open FROM sports_markets WHERE event_id = $1 AND state = 'open'`,
      [id],
    );
    expect(stored!.open).toBe(before.markets.length);

    expect((await suspend(id, { suspended: false })).data).toEqual({
      id,
      held: false,
      heldMarkets: [],
    });
    expect((await shown(id)).markets.map((m) => m.state)).toEqual(
      before.markets.map((m) => m.state),
    );
    expect((await bet(before.markets[0]!)).status).toBe(200);
    const audited = await sqlRows(
      `SELECT action, before, after FROM operator_audit WHERE target = $1 ORDER BY created_at`,
      [`sports-event:${id}`],
    );
    expect(audited).toEqual([
      { action: 'sportsbook.event.suspend', before: { held: false }, after: { held: true } },
      { action: 'sportsbook.event.reopen', before: { held: true }, after: { held: false } },
    ]);
  });

  it('suspends one market: the others of the event still take bets', async () => {
    const id = events[1]!;
    const { markets } = await shown(id);
    const [first, second] = markets;
    const held = await suspend(id, { suspended: true, marketId: first!.id });
    expect(held.data).toEqual({ id, held: false, heldMarkets: [first!.id] });
    const during = await shown(id);
    expect(during.markets.find((m) => m.id === first!.id)!.state).toBe('suspended');
    expect(during.markets.find((m) => m.id === second!.id)!.state).toBe('open');
    expect((await bet(first!)).status).toBe(409);
    expect((await bet(second!, 0)).status).toBe(200);
    await suspend(id, { suspended: false, marketId: first!.id });
    expect((await bet(first!)).status).toBe(200);
  });

  it('refuses a closed event, a market of another event, a bad body and the wrong role', async () => {
    const [, other, closed] = events;
    const { markets } = await shown(other!);
    expect((await suspend(closed!, { suspended: 'yes' })).status).toBe(400);
    const elsewhere = await suspend(closed!, { suspended: true, marketId: markets[0]!.id });
    expect(elsewhere.status).toBe(404);
    const payments = await signedInStaff('payments');
    expect((await suspend(closed!, { suspended: true }, payments.cookie)).status).toBe(403);
    expect((await suspend(999_999_999, { suspended: true })).status).toBe(404);
    await closeEvent(closed!, null, null);
    const late = await suspend(closed!, { suspended: true });
    expect(late.status).toBe(409);
    expect(late.error!.message).toBe('This event is already settled or void.');
  });
});
