/**
 * The sportsbook's events on a fresh embedded database: the demo feed stored and priced, each
 * sport's section listing its matches still to start with our prices (never the sources' or the
 * fair figures), storing again adding nothing twice and repricing only open markets, and bad
 * input refused.
 */
import { GET as eventRoute } from '@/app/api/v1/sports/events/[id]/route';
import { GET as eventsRoute } from '@/app/api/v1/sports/events/route';
import { config } from '@/lib/config';
import { overround } from '@/lib/sportsbook/margin';
import type { SportsEvent } from '@/lib/schemas/sportsbook';
import { closeDb } from '@/lib/server/db';
import { demoSchedule } from '@/lib/server/sportsbook/demo-feed';
import { startDemoFeed, storeEvents } from '@/lib/server/sportsbook/feed';
import { call, request } from './helpers/api';
import { sqlRows } from './helpers/races';

const mutable = config as Record<string, unknown>;
const NOW = new Date(Date.now() + 60_000);

afterAll(closeDb);

const section = (sport: string) =>
  call<SportsEvent[]>((req) => eventsRoute(req), request('GET', `/sports/events?sport=${sport}`));

describe('sportsbook events', () => {
  it('stores the demo feed and lists a section with our prices only', async () => {
    const events = demoSchedule(11, NOW).filter((e) => e.startsAt > NOW);
    await storeEvents(events, 'demo');
    const soccer = await section('soccer');
    expect(soccer.status).toBe(200);
    const listed = soccer.data!;
    expect(listed.length).toBe(events.filter((e) => e.sport === 'soccer').length);
    expect(listed.every((e) => e.sport === 'soccer' && e.state === 'scheduled')).toBe(true);
    const first = listed[0]!;
    // A list carries each match's result market; the event has them all.
    expect(first.markets.map((m) => m.kind)).toEqual(['1x2']);
    expect(first.marketCount).toBe(3);
    const x12 = first.markets[0]!;
    expect(x12).toMatchObject({ period: 'regulation', line: null, state: 'open' });
    expect(x12.outcomes.map((o) => o.key)).toEqual(['home', 'draw', 'away']);
    expect(overround(x12.outcomes.map((o) => o.odds!))).toBeGreaterThanOrEqual(0.05 - 1e-9);
    // Prices in hundredths, as books print them.
    expect(x12.outcomes.every((o) => o.odds! % 100 === 0)).toBe(true);
    expect(JSON.stringify(soccer.data)).not.toMatch(/sources|fair/);

    const one = await call<SportsEvent>(
      (req) => eventRoute(req, { params: Promise.resolve({ id: String(first.id) }) }),
      request('GET', `/sports/events/${first.id}`),
    );
    expect(one.data!.markets.map((m) => m.kind)).toEqual(['1x2', 'handicap', 'total']);
    expect(one.data!.markets[0]).toEqual(x12);
    expect(one.data!.markets.find((m) => m.kind === 'total')!.line).toBe(2.5);
  });

  it('storing again adds nothing twice and reprices only open markets', async () => {
    const events = demoSchedule(11, NOW).filter((e) => e.startsAt > NOW);
    const count = async () =>
      Number((await sqlRows(`SELECT count(*) AS n FROM sports_markets`))[0]!.n);
    const before = await count();
    const [market] = await sqlRows(
      `UPDATE sports_markets SET state = 'suspended', odds = ARRAY[11111,22222,33333]
       WHERE id = (SELECT id FROM sports_markets WHERE kind = '1x2' LIMIT 1) RETURNING id`,
    );
    await storeEvents(events, 'demo');
    expect(await count()).toBe(before);
    const [kept] = await sqlRows(`SELECT state, odds FROM sports_markets WHERE id = $1`, [
      market!.id,
    ]);
    expect(kept).toMatchObject({ state: 'suspended' });
    expect(String(kept!.odds)).toContain('11111');
  });

  it('refuses a section it does not know and answers 404 for an unknown event', async () => {
    expect((await section('curling')).status).toBe(400);
    const missing = await call(
      (req) => eventRoute(req, { params: Promise.resolve({ id: '999999999' }) }),
      request('GET', '/sports/events/999999999'),
    );
    expect(missing.status).toBe(404);
    const bad = await call(
      (req) => eventRoute(req, { params: Promise.resolve({ id: 'abc' }) }),
      request('GET', '/sports/events/abc'),
    );
    expect(bad.status).toBe(400);
  });

  it('the demo feed loads only where asked for on a local site', async () => {
    const saved = [mutable.SPORTS_DEMO_FEED, mutable.SITE_URL];
    try {
      mutable.SPORTS_DEMO_FEED = false;
      expect(await startDemoFeed(NOW)).toBe(0);
      mutable.SPORTS_DEMO_FEED = true;
      mutable.SITE_URL = 'https://casino.example';
      expect(await startDemoFeed(NOW)).toBe(0);
      mutable.SITE_URL = 'http://localhost:3000';
      expect(await startDemoFeed(NOW)).toBeGreaterThan(50);
    } finally {
      [mutable.SPORTS_DEMO_FEED, mutable.SITE_URL] = saved;
    }
  });
});
