/**
 * The book's margins and limits as risk staff set them, on a fresh embedded database: every sport
 * and phase listed with its defaults; a change is audited, reprices the sport's pre-match markets
 * at once (a higher margin, lower odds) and holds the next bet to its limits; bad settings, the
 * wrong role and an unknown sport are refused and change nothing.
 */
import { PUT as updateRoute } from '@/app/api/v1/operator/sports/settings/[sport]/[phase]/route';
import { GET as listRoute } from '@/app/api/v1/operator/sports/settings/route';
import { POST as placeRoute } from '@/app/api/v1/sports/bets/route';
import type { BookSettingsRow, SportsBet } from '@/lib/schemas/sportsbook';
import { closeDb } from '@/lib/server/db';
import { demoSchedule } from '@/lib/server/sportsbook/demo-feed';
import { storeEvents } from '@/lib/server/sportsbook/feed';
import { settingsOf } from '@/lib/server/sportsbook/book';
import { DEFAULT_BOOK } from '@/lib/server/sportsbook/settings';
import { overround } from '@/lib/sportsbook/margin';
import { call, request } from './helpers/api';
import { sqlRows } from './helpers/races';
import { asStaff, signedInStaff } from './helpers/staff';
import { fundedPlayer } from './helpers/wallet';

const UNIT = BigInt(10) ** BigInt(6);
const NOW = new Date(Date.now() + 120_000);

afterAll(closeDb);

let risk: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  await storeEvents(
    demoSchedule(4, NOW).filter((e) => e.startsAt > NOW),
    'demo',
  );
  risk = await signedInStaff('risk');
});

const put = (sport: string, phase: string, body: unknown, cookie = risk.cookie) =>
  call<BookSettingsRow>(
    (req) => updateRoute(req, { params: Promise.resolve({ sport, phase }) }),
    asStaff('PUT', `/operator/sports/settings/${sport}/${phase}`, cookie, body),
  );
const tennisMarkets = async () =>
  (
    await sqlRows(
      `SELECT m.odds FROM sports_markets m JOIN sports_events e ON e.id = m.event_id
       WHERE e.sport = 'tennis' AND m.state = 'open' ORDER BY m.id`,
    )
  ).map((r) => (r.odds as number[]).map(Number));
const defaults = settingsOf(DEFAULT_BOOK.tennis.prematch);

describe("the book's settings", () => {
  it('lists every sport and phase at its defaults, then a change: audited, repriced, and the next bet held to it', async () => {
    const listed = await call<BookSettingsRow[]>(
      listRoute,
      asStaff('GET', '/operator/sports/settings', risk.cookie),
    );
    expect(listed.status).toBe(200);
    expect(listed.data).toHaveLength(16);
    expect(listed.data!.find((r) => r.sport === 'tennis' && r.phase === 'prematch')).toEqual({
      sport: 'tennis',
      phase: 'prematch',
      settings: defaults,
      updatedBy: null,
      updatedByName: null,
      updatedAt: null,
    });

    const before = await tennisMarkets();
    const wanted = { ...defaults, margin: 0.12, maxStakeUsd: 3 };
    const changed = await put('tennis', 'prematch', wanted);
    expect(changed.status).toBe(200);
    expect(changed.data).toMatchObject({
      settings: wanted,
      updatedBy: `staff:${risk.id}`,
      updatedByName: risk.name,
    });

    // Every open tennis market now carries (at least) the new margin: its odds went down.
    const after = await tennisMarkets();
    expect(before.length).toBeGreaterThan(0);
    expect(after).toHaveLength(before.length);
    for (const [i, odds] of after.entries()) {
      expect(overround(odds)).toBeGreaterThan(overround(before[i]!));
      expect(overround(odds)).toBeGreaterThanOrEqual(0.12 - 1e-9);
    }
    const [audited] = await sqlRows(
      `SELECT action, before, after FROM operator_audit WHERE target = 'sports-settings:tennis:prematch'`,
    );
    expect(audited).toEqual({
      action: 'sportsbook.settings.update',
      before: defaults,
      after: wanted,
    });

    // The next tennis bet is held to the new most stake of 3 US dollars.
    const player = await fundedPlayer('book-settings@example.com', 'USDT', BigInt(50) * UNIT);
    const [market] = await sqlRows(
      `SELECT m.id, m.outcomes, m.odds FROM sports_markets m JOIN sports_events e ON e.id = m.event_id
       WHERE e.sport = 'tennis' AND m.state = 'open' ORDER BY e.starts_at DESC LIMIT 1`,
    );
    const placed = await call<SportsBet>(
      placeRoute,
      request('POST', '/sports/bets', {
        token: player.token,
        body: {
          currency: 'USDT',
          amount: '4',
          oddsRule: 'none',
          idempotencyKey: 'book-settings-bet',
          selections: [
            {
              marketId: market!.id,
              outcome: (market!.outcomes as string[])[0],
              odds: Number((market!.odds as number[])[0]),
            },
          ],
        },
      }),
    );
    expect(placed.status).toBe(400);
    expect(placed.error!.message).toMatch(/^The largest stake is 3(\.0+)? USDT\.$/);
  });

  it('refuses settings that do not hold together, the wrong role and an unknown sport, changing nothing', async () => {
    const good = { ...defaults };
    const refusals = await Promise.all([
      put('soccer', 'live', { ...good, margin: 0.5 }),
      put('soccer', 'live', { ...good, margin: 0 }),
      put('soccer', 'live', { ...good, minStakeUsd: 10, maxStakeUsd: 5 }),
      put('soccer', 'live', { ...good, minStakeUsd: 0 }),
      put('soccer', 'live', { ...good, selectionLiabilityUsd: -1 }),
      put('soccer', 'live', { margin: 0.05 }),
      put('curling', 'live', good),
      put('soccer', 'halftime', good),
    ]);
    expect(refusals.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400, 400, 400]);
    const payments = await signedInStaff('payments');
    expect((await put('soccer', 'live', good, payments.cookie)).status).toBe(403);
    expect(await sqlRows(`SELECT 1 FROM sports_settings WHERE sport = 'soccer'`)).toEqual([]);
  });
});
