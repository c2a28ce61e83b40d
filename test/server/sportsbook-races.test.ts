/**
 * Sportsbook placement under real concurrency, on PostgreSQL (TEST_DATABASE_URL; `npm test`
 * refuses to skip these under CI): one key sent twenty times, twenty bets on a balance that covers
 * one, twenty players past a selection's liability limit, and a hundred live bets waiting out
 * their delay without a transaction open.
 */
import { ownDatabase } from './helpers/own-database';
import { balanceOf, outcomeOf, sqlRows, usdtPlayers } from './helpers/races';

const adminUrl = process.env.TEST_DATABASE_URL;
const describeOnPostgres = adminUrl ? describe : describe.skip;

describeOnPostgres('sportsbook placement on PostgreSQL', () => {
  let database: ReturnType<typeof ownDatabase>;
  let db: typeof import('@/lib/server/db');
  let bets: typeof import('@/lib/server/sportsbook/bets');
  let schemas: typeof import('@/lib/schemas/sportsbook');
  let settings: typeof import('@/lib/server/sportsbook/settings');
  let book: typeof import('@/lib/server/sportsbook/book');
  let config: Record<string, unknown>;
  const UNIT = BigInt(10) ** BigInt(6);
  type Market = { id: string; eventId: number; odds: number[] };
  let markets: Market[] = [];

  beforeAll(async () => {
    database = ownDatabase('casino_sportsbook');
    await database.open();
    db = await import('@/lib/server/db');
    bets = await import('@/lib/server/sportsbook/bets');
    schemas = await import('@/lib/schemas/sportsbook');
    settings = await import('@/lib/server/sportsbook/settings');
    book = await import('@/lib/server/sportsbook/book');
    config = (await import('@/lib/config')).config as Record<string, unknown>;
    const { storeEvents } = await import('@/lib/server/sportsbook/feed');
    const { demoSchedule } = await import('@/lib/server/sportsbook/demo-feed');
    const from = new Date(Date.now() + 120_000);
    await storeEvents(
      demoSchedule(5, from).filter((e) => e.startsAt > from),
      'demo',
    );
    markets = (
      await sqlRows(
        `SELECT m.id, m.event_id, m.odds FROM sports_markets m JOIN sports_events e ON e.id = m.event_id
         WHERE e.sport = 'soccer' AND m.kind = '1x2' AND m.state = 'open' ORDER BY e.starts_at, e.id`,
      )
    ).map((r) => ({
      id: String(r.id),
      eventId: Number(r.event_id),
      odds: (r.odds as number[]).map(Number),
    }));
  }, 60_000);

  afterAll(async () => {
    await db?.closeDb();
    await database?.drop();
  });

  const funded = usdtPlayers('sbrace');
  const bet = (userId: string, m: Market, key: string, amount = '10') =>
    bets.placeSportsBet(
      userId,
      schemas.sportsBetRequestSchema.parse({
        currency: 'USDT',
        amount,
        oddsRule: 'none',
        idempotencyKey: key,
        selections: [{ marketId: m.id, outcome: 'home', odds: m.odds[0] }],
      }),
    );

  it('takes one bet for twenty requests under one key, and charges it once', async () => {
    const player = await funded(BigInt(100) * UNIT);
    const placed = await Promise.all(
      Array.from({ length: 20 }, () => bet(player.id, markets[0]!, 'race-one-key')),
    );
    expect(new Set(placed.map((b) => b.id)).size).toBe(1);
    expect(await balanceOf(player.id, 'stake')).toBe(BigInt(10) * UNIT);
    expect(await balanceOf(player.id, 'available')).toBe(BigInt(90) * UNIT);
  });

  it('takes one of twenty bets when the balance covers one', async () => {
    const player = await funded(BigInt(15) * UNIT);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        outcomeOf(bet(player.id, markets[1]!, `race-broke-${i}`)),
      ),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'INSUFFICIENT_FUNDS')).toHaveLength(19);
    expect(await balanceOf(player.id, 'available')).toBe(BigInt(5) * UNIT);
    const [row] = await sqlRows(`SELECT amount::text AS a FROM sports_liabilities WHERE key = $1`, [
      `p:${player.id}:${markets[1]!.eventId}`,
    ]);
    const [held] = await sqlRows(
      `SELECT (potential_return - stake)::text AS net FROM sports_bets WHERE user_id = $1`,
      [player.id],
    );
    // One bet's worth of liability (its net return in millionths of a dollar, USDT ≈ $1).
    expect(Math.abs(Number(row!.a) - Number(held!.net))).toBeLessThan(Number(held!.net) / 50);
  });

  it('keeps a selection within its liability limit when twenty players bet at once', async () => {
    // As risk staff would set it: soccer's selections held to $100.
    const soccer = book.settingsOf(settings.DEFAULT_BOOK.soccer.prematch);
    const staff = { id: 'token:automation', role: 'admin' as const };
    await book.updateBook(staff, 'soccer', 'prematch', { ...soccer, selectionLiabilityUsd: 100 });
    try {
      const m = markets[2]!;
      const players = await Promise.all(
        Array.from({ length: 20 }, () => funded(BigInt(100) * UNIT)),
      );
      const outcomes = await Promise.all(
        players.map((p, i) => outcomeOf(bet(p.id, m, `race-liability-${i}`, '20'))),
      );
      const taken = outcomes.filter((o) => o === 'ok').length;
      expect(taken).toBeGreaterThan(0);
      expect(outcomes.filter((o) => o !== 'ok').every((o) => o === 'SPORTS_LIABILITY_LIMIT')).toBe(
        true,
      );
      const [row] = await sqlRows(
        `SELECT amount::text AS a FROM sports_liabilities WHERE key = $1`,
        [`s:${m.id}:home`],
      );
      // As many as fit: each added the same amount, and one more would have passed the limit.
      const cap = 100 * 1e6;
      const each = Number(row!.a) / taken;
      expect(Number(row!.a)).toBeLessThanOrEqual(cap);
      expect(Number(row!.a) + each).toBeGreaterThan(cap);
    } finally {
      await book.updateBook(staff, 'soccer', 'prematch', soccer);
    }
  });

  it('pays a winner once when ten settlements of its bet race', async () => {
    const settlement = await import('@/lib/server/sportsbook/settlement');
    const { drainJobs } = await import('@/lib/server/jobs');
    const player = await funded(BigInt(100) * UNIT);
    const m = markets[4]!;
    const placed = await bet(player.id, m, 'race-settle', '10');
    await settlement.closeEvent(m.eventId, { regulation: [1, 0], full: [1, 0] }, null);
    const settled = await Promise.all(
      Array.from({ length: 10 }, () => settlement.settleSportsBet(placed.id)),
    );
    await drainJobs();
    expect(settled.filter(Boolean).length).toBeLessThanOrEqual(1);
    const paid = (BigInt(10) * UNIT * BigInt(m.odds[0]!)) / BigInt(10_000);
    expect(await balanceOf(player.id, 'available')).toBe(BigInt(90) * UNIT + paid);
    expect(await balanceOf(player.id, 'stake')).toBe(BigInt(0));
    const [postings] = await sqlRows(
      `SELECT count(*)::int AS n FROM ledger_transactions WHERE key LIKE $1`,
      [`settle:${placed.id}:%`],
    );
    expect(postings!.n).toBe(2);
  });

  it('pays once when a cash-out races the settlement of its bet', async () => {
    const settlement = await import('@/lib/server/sportsbook/settlement');
    const { cashOut } = await import('@/lib/server/sportsbook/cashout');
    const { betById } = await import('@/lib/server/sportsbook/views');
    const { drainJobs } = await import('@/lib/server/jobs');
    for (const [i, m] of [markets[5]!, markets[6]!].entries()) {
      const player = await funded(BigInt(100) * UNIT);
      const placed = await bet(player.id, m, `race-cashout-${i}`, '10');
      const offer = (await betById(player.id, placed.id))!.cashOut!;
      // Once the cash-out first, once the result first.
      const settle = async () => {
        await settlement.closeEvent(m.eventId, { regulation: [2, 0], full: [2, 0] }, null);
        return settlement.settleSportsBet(placed.id);
      };
      const out = outcomeOf(cashOut(player.id, placed.id, offer, 'any'));
      const results =
        i === 0
          ? [await out, await outcomeOf(settle())]
          : await Promise.all([outcomeOf(settle()), out]);
      await drainJobs();
      const [row] = await sqlRows(
        `SELECT state, payout::text AS payout FROM sports_bets WHERE id = $1`,
        [placed.id],
      );
      const postings = await sqlRows(
        `SELECT key FROM ledger_transactions WHERE key LIKE 'settle:%' || $1 || '%' OR key LIKE 'cashout:' || $1 || '%'`,
        [placed.id],
      );
      expect(postings).toHaveLength(2);
      expect(await balanceOf(player.id, 'available')).toBe(
        BigInt(90) * UNIT + BigInt(String(row!.payout)),
      );
      expect(await balanceOf(player.id, 'stake')).toBe(BigInt(0));
      expect(['cashed_out', 'settled']).toContain(row!.state);
      // The cash-out was taken exactly when the bet ended cashed out; else it was refused.
      const cashed = i === 0 ? results[0] : results[1];
      if (row!.state === 'cashed_out') expect(cashed).toBe('ok');
      else expect(['SPORTS_BET_CLOSED', 'SPORTS_CASHOUT_UNAVAILABLE']).toContain(cashed);
    }
  });

  it('holds no transaction open while a hundred live bets wait out their delay', async () => {
    const m = markets[3]!;
    const delay = config.LIVE_BET_DELAY_MS;
    config.LIVE_BET_DELAY_MS = 4_000;
    await sqlRows(`UPDATE sports_events SET state = 'live' WHERE id = $1`, [m.eventId]);
    try {
      const players = await Promise.all(
        Array.from({ length: 100 }, () => funded(BigInt(10) * UNIT)),
      );
      const pending = players.map((p, i) => outcomeOf(bet(p.id, m, `race-live-${i}`, '1')));
      // Midway through the delay. Short transactions (the checks before the wait, a job poll)
      // may be running on a loaded machine; one held across the wait would be seconds old.
      await new Promise((r) => setTimeout(r, 2_500));
      const [held] = await sqlRows(
        `SELECT count(*) AS n FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()
           AND xact_start < now() - interval '1500 milliseconds'`,
      );
      expect(Number(held!.n)).toBe(0);
      const outcomes = await Promise.all(pending);
      expect(outcomes.every((o) => o === 'ok')).toBe(true);
    } finally {
      config.LIVE_BET_DELAY_MS = delay;
    }
  }, 60_000);
});
