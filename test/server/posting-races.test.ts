/**
 * The posting core under real concurrency, on PostgreSQL (TEST_DATABASE_URL; `npm test` refuses to
 * skip these under CI): lines read under the lock while others move them, hooks that update the
 * player's row, lock waits given up and retried, deadlocks retried, house slots.
 */
import { Client } from 'pg';
import { ownDatabase } from './helpers/own-database';

const adminUrl = process.env.TEST_DATABASE_URL;
const describeOnPostgres = adminUrl ? describe : describe.skip;

describeOnPostgres('the posting core on PostgreSQL', () => {
  let database: ReturnType<typeof ownDatabase>;
  let db: typeof import('@/lib/server/db');
  let ledger: typeof import('@/lib/server/wallet/ledger');
  let ApiError: typeof import('@/lib/server/http/api-error').ApiError;
  const UNIT = BigInt(10) ** BigInt(6);

  async function connect() {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    return client;
  }

  beforeAll(async () => {
    database = ownDatabase('casino_races');
    await database.open();
    // Short enough that a held lock is given up within the test, long enough for a loaded machine.
    process.env.POST_LOCK_TIMEOUT_MS = '400';
    db = await import('@/lib/server/db');
    ledger = await import('@/lib/server/wallet/ledger');
    ({ ApiError } = await import('@/lib/server/http/api-error'));
  }, 30_000);

  afterAll(async () => {
    await db?.closeDb();
    await database?.drop();
  });

  let n = 0;
  async function funded(amount: bigint) {
    const { createPlayer } = await import('@/lib/server/players/store');
    const { fund } = await import('./helpers/wallet');
    const userId = (await createPlayer({ email: `race${(n += 1)}@example.com`, status: 'active' }))
      .id;
    await fund(userId, 'USDT', amount);
    return userId;
  }
  const me = (userId: string, kind?: 'held' | 'bonus') => ({ userId, currency: 'USDT', kind });
  const originals = { house: 'originals' as const, currency: 'USDT' };
  type Line = import('@/lib/server/wallet/ledger').Line;
  const move = (from: Line['account'], to: Line['account'], amount: bigint): Line[] => [
    { account: from, amount: -amount },
    { account: to, amount },
  ];
  async function available(userId: string, kind = 'available') {
    const { sql } = await db.getDbHandle();
    const { rows } = await sql(
      `SELECT balance::text AS b FROM ledger_accounts WHERE owner = $1 AND kind = $2`,
      [`player:${userId}`, kind],
    );
    return BigInt(String(rows[0]?.b ?? '0'));
  }

  it('lines read under the lock while 20 postings move the balance: each sees the one before', async () => {
    const start = BigInt(1_000_000) * UNIT;
    const userId = await funded(start);
    // Each posting holds half of whatever is available when it runs.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ledger.post(
          {
            type: 'hold',
            scope: 'halves',
            key: `${userId}-${i}`,
            userId,
            lines: move(me(userId), me(userId, 'held'), BigInt(0)),
          },
          {
            linesUnderLock: async (_tx, balances) => {
              const half = balances.of(me(userId)) / BigInt(2);
              return half > BigInt(0) ? move(me(userId), me(userId, 'held'), half) : [];
            },
          },
        ),
      ),
    );
    let expected = start;
    for (let i = 0; i < 20; i++) expected -= expected / BigInt(2);
    // Two postings that read the same balance would hold the same half twice.
    expect(await available(userId)).toBe(expected);
    expect(await available(userId, 'held')).toBe(start - expected);
  }, 60_000);

  it("a hook that updates its player's row under 30 bets and 30 bonuses at once: no deadlock", async () => {
    const { users } = await import('@/lib/server/db/schema');
    const { eq, sql } = await import('drizzle-orm');
    const userId = await funded(BigInt(1000) * UNIT);
    // A VIP engine would do this: keep the player's row current in the posting's transaction.
    const touch = async (tx: import('@/lib/server/wallet/ledger').Tx) => {
      await tx
        .update(users)
        .set({ levelProgress: sql`${users.levelProgress} + 1` })
        .where(eq(users.id, userId));
    };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => [
        ledger.post(
          {
            type: 'bet',
            scope: 'vip',
            key: `bet-${userId}-${i}`,
            userId,
            lines: move(me(userId), originals, UNIT),
          },
          { inTransaction: touch },
        ),
        ledger.post(
          {
            type: 'bonus',
            scope: 'vip',
            key: `bonus-${userId}-${i}`,
            userId,
            lines: move({ house: 'bonus', currency: 'USDT' }, me(userId, 'bonus'), UNIT),
          },
          { inTransaction: touch },
        ),
      ]).flat(),
    );
    expect(outcomes.filter((o) => o.status === 'rejected').map((o) => String(o.reason))).toEqual(
      [],
    );
    expect(await available(userId)).toBe(BigInt(970) * UNIT);
    const { getDb } = db;
    const [row] = await (
      await getDb()
    )
      .select({ progress: users.levelProgress })
      .from(users)
      .where(eq(users.id, userId));
    expect(row?.progress).toBe(60);
  }, 60_000);

  it('a lock held past the timeout: the posting is tried again, and answers 503 BUSY in the end', async () => {
    const userId = await funded(BigInt(10) * UNIT);
    const deposit = (key: string) =>
      ledger.post({
        type: 'deposit',
        scope: 'busy',
        key,
        userId,
        lines: move({ house: 'deposits', currency: 'USDT' }, me(userId), UNIT),
      });
    const blocker = await connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const started = Date.now();
      const refused = await deposit('held-forever').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ApiError);
      expect(refused).toMatchObject({ code: 'BUSY', status: 503, retryAfter: 1 });
      // Four attempts, each giving up after the lock timeout.
      expect(Date.now() - started).toBeGreaterThanOrEqual(4 * 400);
      await blocker.query('ROLLBACK');

      // Held for a little longer than one timeout: the second attempt goes through.
      await blocker.query('BEGIN');
      await blocker.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const retried = deposit('held-once');
      setTimeout(() => void blocker.query('ROLLBACK'), 600);
      expect((await retried).replayed).toBe(false);
    } finally {
      await blocker.end();
    }
    expect(await available(userId)).toBe(BigInt(11) * UNIT);
  }, 60_000);

  it('a deadlock with another transaction is retried: the hook runs twice and the posting stands once', async () => {
    const { users } = await import('@/lib/server/db/schema');
    const { eq, sql } = await import('drizzle-orm');
    const userId = await funded(BigInt(10) * UNIT);
    const other = await funded(BigInt(10) * UNIT);
    const blocker = await connect();
    let hookRuns = 0;
    let blockerDone: Promise<unknown> = Promise.resolve();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [other]);
      const posting = ledger.post(
        {
          type: 'deposit',
          scope: 'deadlock',
          key: userId,
          userId,
          lines: move({ house: 'deposits', currency: 'USDT' }, me(userId), UNIT),
        },
        {
          inTransaction: async (tx) => {
            hookRuns += 1;
            if (hookRuns === 1) {
              // The other transaction waits for this player's row, which this one holds…
              const rollback = () => blocker.query('ROLLBACK');
              blockerDone = blocker
                .query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId])
                .then(rollback, rollback);
              await new Promise((waited) => setTimeout(waited, 150));
              // …and this one, looking for cycles sooner than the other, is the one given up.
              await tx.execute(sql`SET LOCAL deadlock_timeout = '100ms'`);
            }
            // It now waits for the other player's row: a cycle PostgreSQL breaks.
            await tx.select({ id: users.id }).from(users).where(eq(users.id, other)).for('update');
          },
        },
      );
      expect((await posting).replayed).toBe(false);
      await blockerDone;
    } finally {
      await blocker.end();
    }
    expect(hookRuns).toBe(2);
    expect(await available(userId)).toBe(BigInt(11) * UNIT);
  }, 60_000);

  it("ten players' bets at once share the house account's slots, and the ledger stays sound", async () => {
    const { checkLedger } = await import('@/lib/server/wallet/ledger-check');
    const { sql } = await db.getDbHandle();
    const house = async () =>
      (
        await sql(
          `SELECT count(*)::int AS slots, sum(balance)::text AS total FROM ledger_accounts
            WHERE house = 'originals' AND currency = 'USDT'`,
        )
      ).rows[0]!;
    const before = BigInt(String((await house()).total ?? '0'));
    const players = await Promise.all(Array.from({ length: 10 }, () => funded(BigInt(100) * UNIT)));
    await Promise.all(
      players.flatMap((userId) =>
        Array.from({ length: 5 }, (_, i) =>
          ledger.post({
            type: 'bet',
            scope: 'slots',
            key: `${userId}-${i}`,
            userId,
            lines: move(me(userId), originals, UNIT),
          }),
        ),
      ),
    );
    const after = await house();
    expect(BigInt(String(after.total)) - before).toBe(BigInt(50) * UNIT);
    const rows = [after];
    expect(Number(rows[0]?.slots)).toBeGreaterThan(1);
    expect(await checkLedger()).toEqual([]);
  }, 60_000);
});
