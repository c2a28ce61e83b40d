/**
 * Four-eyes under real concurrency, on PostgreSQL (TEST_DATABASE_URL; `npm test` refuses to skip
 * it under CI): the same adjustment request sent again and again while the price source comes and
 * goes. A try under the indicative table opens an approval; a try under live prices posts. Both
 * take the request's lock first, so a request ends posted or waiting — never both.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { ownDatabase } from './helpers/own-database';

const adminUrl = process.env.TEST_DATABASE_URL;
const describeOnPostgres = adminUrl ? describe : describe.skip;

describeOnPostgres('four-eyes on PostgreSQL', () => {
  let database: ReturnType<typeof ownDatabase>;
  let db: typeof import('@/lib/server/db');
  let config: Record<string, unknown>;
  let prices: Server;
  let pricesUrl: string;

  beforeAll(async () => {
    database = ownDatabase('casino_four_eyes');
    await database.open();
    // Imported only now: the configuration reads DATABASE_URL when it loads.
    db = await import('@/lib/server/db');
    config = (await import('@/lib/config')).config as Record<string, unknown>;
    // CoinGecko's simple-price answer: USDT at 1 in every currency asked for.
    prices = createServer((req, res) => {
      const vs = new URL(req.url!, 'http://localhost').searchParams.get('vs_currencies') ?? 'usd';
      const tether = Object.fromEntries(vs.split(',').map((c) => [c, 1]));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ tether }));
    });
    await new Promise<void>((done) => prices.listen(0, '127.0.0.1', done));
    pricesUrl = `http://127.0.0.1:${(prices.address() as AddressInfo).port}/api/v3`;
    config.ADJUSTMENT_FOUR_EYES_USD = 1000;
  }, 30_000);

  afterAll(async () => {
    config.RATES_URL = undefined;
    await new Promise<void>((done) => prices?.close(() => done()));
    await db?.closeDb();
    await database?.drop();
  });

  it('a live try that passed its check while an approval was being written waits for it: pending, not posted too', async () => {
    const { requestAdjustment } = await import('@/lib/server/operator/approvals');
    const { createPlayer } = await import('@/lib/server/players/store');
    const { clearRatesCache, currentRates } = await import('@/lib/server/wallet/rates');
    const actor = { id: 'token:automation', role: 'admin' as const };
    const userId = (await createPlayer({ email: 'four-eyes-held@example.com', status: 'active' }))
      .id;
    const body = {
      userId,
      currency: 'USDT',
      amount: '10',
      reason: 'goodwill credit',
      idempotencyKey: 'four-eyes-held-1',
    };
    config.RATES_URL = pricesUrl;
    clearRatesCache();
    await currentRates();
    const { sql } = await db.getDbHandle();
    // Holding the audit table keeps every writer at its audit row, inside its transaction.
    const holder = new Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE operator_audit IN SHARE MODE');
    const waiters = async (count: number) => {
      for (const until = Date.now() + 20_000; Date.now() < until;) {
        const { rows } = await holder.query(
          `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
            WHERE NOT l.granted AND a.datname = current_database()`,
        );
        if (Number(rows[0].n) >= count) return;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`never ${count} waiting`);
    };
    try {
      // First try under the indicative table: it is writing its approval (held at the audit row).
      config.RATES_URL = undefined;
      const first = requestAdjustment(actor, body);
      await waiters(1);
      // A retry under live prices: its check finds no approval committed yet.
      config.RATES_URL = pricesUrl;
      const retry = requestAdjustment(actor, body);
      await waiters(2);
      await holder.query('COMMIT');
      const answers = await Promise.all([first, retry]);
      expect(answers.map((a) => a.status)).toEqual(['pending', 'pending']);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
    }
    const { rows: postings } = await sql(`SELECT id FROM ledger_transactions WHERE key = $1`, [
      body.idempotencyKey,
    ]);
    expect(postings).toEqual([]);
  }, 60_000);

  it('tries of one request while the rates turn live and back: posted once or waiting, never both', async () => {
    const { requestAdjustment } = await import('@/lib/server/operator/approvals');
    const { createPlayer } = await import('@/lib/server/players/store');
    const { clearRatesCache, currentRates } = await import('@/lib/server/wallet/rates');
    const { checkLedger } = await import('@/lib/server/wallet/ledger-check');
    const actor = { id: 'token:automation', role: 'admin' as const };
    const userId = (await createPlayer({ email: 'four-eyes-race@example.com', status: 'active' }))
      .id;
    const { sql } = await db.getDbHandle();
    const outcomes = new Set<string>();

    // Live prices fetched once and kept: a live try is as quick to start as an indicative one.
    config.RATES_URL = pricesUrl;
    clearRatesCache();
    await currentRates();
    for (let round = 0; round < 12; round += 1) {
      const body = {
        userId,
        currency: 'USDT',
        amount: '10',
        reason: 'goodwill credit',
        idempotencyKey: `four-eyes-race-${round}`,
      };
      // Six tries at once, the price source switched on and off between their starts.
      const tries: Promise<{ status: string }>[] = [];
      for (let i = 0; i < 6; i += 1) {
        config.RATES_URL = i % 2 === round % 2 ? pricesUrl : undefined;
        tries.push(requestAdjustment(actor, body));
        await new Promise((r) => setImmediate(r));
      }
      const answers = await Promise.all(tries);

      const { rows: postings } = await sql(
        `SELECT id FROM ledger_transactions WHERE scope = $1 AND key = $2`,
        [`operator:adjustment:${actor.id}`, body.idempotencyKey],
      );
      const { rows: waiting } = await sql(
        `SELECT id FROM approvals WHERE requested_by = $1 AND key = $2 AND status = 'pending'`,
        [actor.id, body.idempotencyKey],
      );
      // Posted once and not waiting, or waiting and not posted.
      expect({ round, postings: postings.length, waiting: waiting.length }).toEqual(
        postings.length ? { round, postings: 1, waiting: 0 } : { round, postings: 0, waiting: 1 },
      );
      // Every try answers what became of the request.
      const status = postings.length ? 'posted' : 'pending';
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(status));
      outcomes.add(status);
    }
    // Both ends were reached: the tries did race.
    expect([...outcomes].sort()).toEqual(['pending', 'posted']);
    const { rows } = await sql(
      `SELECT balance::text AS b FROM ledger_accounts WHERE owner = $1 AND kind = 'available'`,
      [`player:${userId}`],
    );
    const { rows: posted } = await sql(
      `SELECT count(*)::int AS n FROM ledger_transactions WHERE scope = $1`,
      [`operator:adjustment:${actor.id}`],
    );
    expect(rows[0]?.b).toBe(String(Number(posted[0]!.n) * 10_000_000));
    expect(await checkLedger()).toEqual([]);
  }, 60_000);
});
