/**
 * The same migrations, seed and handlers on a real PostgreSQL server. Runs when TEST_DATABASE_URL
 * points at a server where the user may create databases (.ci/run starts Debian's PostgreSQL).
 */
import { ownDatabase } from './helpers/own-database';

const adminUrl = process.env.TEST_DATABASE_URL;
const describeOnPostgres = adminUrl ? describe : describe.skip;

describeOnPostgres('on PostgreSQL', () => {
  let database: ReturnType<typeof ownDatabase>;
  let db: typeof import('@/lib/server/db');

  beforeAll(async () => {
    database = ownDatabase('casino_test');
    await database.open();
    db = await import('@/lib/server/db');
  }, 30_000);

  afterAll(async () => {
    await db?.closeDb();
    await database?.drop();
  });

  it('migrates, seeds and answers the health check', async () => {
    const { GET } = await import('@/app/api/v1/health/route');
    const body = await (await GET(new Request('http://localhost/api/v1/health'))).json();
    expect(body.data.database).toMatchObject({ kind: 'postgres', ok: true });
  });

  it('serves the Languages config from PostgreSQL', async () => {
    const { GET } = await import('@/app/api/v1/config/languages/route');
    const body = await (await GET(new Request('http://localhost/api/v1/config/languages'))).json();
    expect(body.data).toHaveLength(12);
    expect(body.data.at(-1)).toMatchObject({ abbreviatedCode: 'ar', direction: 'rtl' });
  });

  it('keeps serving when PostgreSQL closes its idle connections (a restart, an administrator)', async () => {
    const handle = await db.getDbHandle();
    // Several connections open and idle in the pool.
    await Promise.all(Array.from({ length: 4 }, () => handle.sql('SELECT pg_sleep(0.05)')));
    await database.admin(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = '${database.name}' AND pid <> pg_backend_pid()`,
    );
    // The pool hears each closed connection as an 'error'; unheard, it would end the process.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { rows } = await handle.sql('SELECT 1 AS one');
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('prepares a statement sent again and again once per connection, and drops a name whose table changed', async () => {
    const handle = await db.getDbHandle();
    const pinned = await handle.pin!();
    try {
      await pinned.query('CREATE TABLE shapes (id int PRIMARY KEY)');
      await pinned.query('INSERT INTO shapes VALUES (1)');
      const read = () => pinned.query('SELECT * FROM shapes WHERE id = $1', [1]);
      const prepared = async () =>
        (
          await pinned.query(
            "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%FROM shapes%'",
          )
        ).rows[0];
      await read();
      await read();
      expect(await prepared()).toEqual({ n: 0 });
      await read();
      await read();
      expect(await prepared()).toEqual({ n: 1 });
      // Another server migrating: the named plan's rows no longer fit, PostgreSQL says so once.
      await handle.sql('ALTER TABLE shapes ADD COLUMN label text');
      await expect(read()).rejects.toMatchObject({ code: '0A000' });
      expect((await read()).rows).toEqual([{ id: 1, label: null }]);
    } finally {
      await pinned.query('DROP TABLE IF EXISTS shapes');
      pinned.release();
    }
  });

  it("starts every job's worker at once on a fresh database: each queue is made, none deadlocks", async () => {
    await import('@/lib/server/jobs/workers');
    const { startWorkers } = await import('@/lib/server/jobs');
    await expect(startWorkers()).resolves.toBeUndefined();
    const handle = await db.getDbHandle();
    const { rows } = await handle.sql('SELECT name FROM pgboss.queue ORDER BY name', []);
    expect(rows.map((r) => (r as { name: string }).name)).toEqual(
      expect.arrayContaining(['deliver-code', 'deliver-events', 'notices.release']),
    );
  });

  it('delivers codes through the job queue and takes code tries in one statement under real concurrency', async () => {
    const { call, freshIp, lastCode, request } = await import('./helpers/api');
    const { signUp } = await import('./helpers/players');
    const { POST: activate } = await import('@/app/api/v1/auth/activate/route');
    const email = 'pg-race@example.com';
    expect((await signUp(email)).code).toBe('success');
    const code = await lastCode(email);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(
          activate,
          request('POST', '/auth/activate', {
            body: { type: 'email', contact: email, code: wrong(i) },
            ip: freshIp(),
          }),
        ),
      ),
    );
    expect(answers.filter((a) => a.code === 'INVALID_CODE').length).toBeLessThanOrEqual(5);
    expect(answers.every((a) => ['INVALID_CODE', 'CODE_ATTEMPTS_EXCEEDED'].includes(a.code))).toBe(
      true,
    );
  });

  it('starts again on a migrated database without changing it', async () => {
    await db.closeDb();
    const handle = await db.getDbHandle();
    expect(handle.kind).toBe('postgres');
    const { languages } = db.tables;
    expect(await handle.db.$count(languages)).toBe(12);
  });

  it('the ledger under real concurrency: one key ×20 posts once, 10 holds of the whole balance hold once', async () => {
    const { createPlayer } = await import('@/lib/server/players/store');
    const { post } = await import('@/lib/server/wallet/ledger');
    const { checkLedger } = await import('@/lib/server/wallet/ledger-check');
    const userId = (await createPlayer({ email: 'pg-ledger@example.com', status: 'active' })).id;
    const amount = BigInt(3) * BigInt(10) ** BigInt(8);
    const credit = () =>
      post({
        type: 'deposit',
        scope: 'deposit:pg',
        key: 'burst',
        userId,
        lines: [
          { account: { house: 'deposits', currency: 'BTC' }, amount: -amount },
          { account: { userId, currency: 'BTC' }, amount },
        ],
      });
    const credited = await Promise.all(Array.from({ length: 20 }, credit));
    expect(credited.filter((c) => !c.replayed)).toHaveLength(1);
    const holds = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        post({
          type: 'hold',
          scope: `withdrawal:${userId}`,
          key: `w-${i}`,
          userId,
          lines: [
            { account: { userId, currency: 'BTC' }, amount: -amount },
            { account: { userId, currency: 'BTC', kind: 'held' }, amount },
          ],
        }),
      ),
    );
    expect(holds.filter((h) => h.status === 'fulfilled')).toHaveLength(1);
    // Refused by the check under the lock, not by the database's last-resort CHECK (review E.3).
    const reasons = holds.flatMap((h) => (h.status === 'rejected' ? [h.reason] : []));
    expect(reasons.map((r) => (r as { code?: string }).code)).toEqual(
      Array(9).fill('INSUFFICIENT_FUNDS'),
    );
    expect(await checkLedger()).toEqual([]);
  });

  it('the last admin under real concurrency: two admins disabling each other at once, one stands', async () => {
    const { createStaff } = await import('@/lib/server/staff/accounts');
    const { disableStaff, changeStaffRole } = await import('@/lib/server/staff/manage');
    const made = async (email: string) =>
      createStaff({ email, name: email, role: 'admin', password: 'a long staff password' });
    const [a, b] = [await made('pg-admin-a@example.com'), await made('pg-admin-b@example.com')];
    const actor = (id: string) => ({ id: `staff:${id}`, role: 'admin' as const, staffId: id });
    const disabled = await Promise.allSettled([
      disableStaff(actor(a.id), b.id),
      disableStaff(actor(b.id), a.id),
    ]);
    expect(disabled.map((d) => d.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = disabled.find((d) => d.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: 'LAST_ADMIN' });
    // And demoting: a third admin, then the two remaining demote each other at once.
    const c = await made('pg-admin-c@example.com');
    const standing = disabled[0]!.status === 'fulfilled' ? a : b;
    const demoted = await Promise.allSettled([
      changeStaffRole(actor(standing.id), c.id, 'support'),
      changeStaffRole(actor(c.id), standing.id, 'risk'),
    ]);
    expect(demoted.map((d) => d.status).sort()).toEqual(['fulfilled', 'rejected']);
    const { rows } = await (
      await db.getDbHandle()
    ).sql(`SELECT count(*)::int AS n FROM staff WHERE role = 'admin' AND disabled_at IS NULL`);
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('the players room finds one player among 100,000 within 200 ms by any field', async () => {
    const { searchPlayers } = await import('@/lib/server/operator/player-search');
    const { sql } = await db.getDbHandle();
    await sql(`INSERT INTO users (email, phone, username)
      SELECT 'crowd' || g || '@example.com', '+49151' || lpad(g::text, 8, '0'), 'crowd' || g
        FROM generate_series(1, 100000) g`);
    await sql(`INSERT INTO sign_in_events (user_id, login_type, ip, success)
      SELECT id, 'email', '10.' || (member_no % 250) || '.' || (member_no / 250 % 250) || '.' || (member_no % 7), true
        FROM users WHERE email LIKE 'crowd%'`);
    await sql('ANALYZE');
    const { rows } = await sql(
      `SELECT member_no::text AS member, phone FROM users WHERE email = 'crowd77777@example.com'`,
    );
    const { member, phone } = rows[0] as { member: string; phone: string };
    const actor = { id: 'token:automation', role: 'admin' as const };
    // The plan of each search, read beside it: the figure below is what the issue asks, the plan
    // is why it holds — no sequential scan of the two tables with 10⁵ rows.
    const handle = await db.getDbHandle();
    const plain = handle.sql;
    const scanned = new Set<string>();
    handle.sql = async (text, values) => {
      if (text.trimStart().startsWith('WITH hits')) {
        const { rows } = await plain(`EXPLAIN (FORMAT JSON) ${text}`, values);
        for (const [, table] of JSON.stringify(rows).matchAll(
          /"Node Type":"Seq Scan"[^}]*?"Relation Name":"(\w+)"/g,
        )) {
          scanned.add(table!);
        }
      }
      return plain(text, values);
    };
    // The best of three, so that one pause of a loaded machine is not read as a slow search.
    const timed = async (q: string, by: 'any' | 'phone' = 'any') => {
      let ms = Infinity;
      let found = 0;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        found = (await searchPlayers(actor, { q, by, offset: 0, limit: 26 })).length;
        ms = Math.min(ms, performance.now() - started);
      }
      return { ms, found };
    };
    await timed('warm-up');
    for (const [q, by] of [
      [member, 'any'],
      ['Crowd7777', 'any'],
      ['crowd77777@example.com', 'any'],
      [phone.slice(1), 'phone'],
      ['10.77.77.0', 'any'],
      ['0x00000000000000000000000000000000000000cc', 'any'],
    ] as const) {
      scanned.clear();
      const { ms, found } = await timed(q, by);
      expect({ q, fast: ms < 200 }).toEqual({ q, fast: true });
      expect({
        q,
        scanned: [...scanned].filter((t) => t === 'users' || t === 'sign_in_events'),
      }).toEqual({ q, scanned: [] });
      if (!q.startsWith('0x')) expect(found).toBeGreaterThan(0);
    }
    handle.sql = plain;
  }, 120_000);

  it('a wager limit under real concurrency: 20 bets at once, only those within the limit stand', async () => {
    const { createPlayer } = await import('@/lib/server/players/store');
    const { post } = await import('@/lib/server/wallet/ledger');
    const { setLimit } = await import('@/lib/server/protection/limits');
    const userId = (await createPlayer({ email: 'pg-limit@example.com', status: 'active' })).id;
    const unit = BigInt(10) ** BigInt(6);
    await post({
      type: 'deposit',
      scope: 'deposit:pg',
      key: 'limit-funds',
      userId,
      lines: [
        { account: { house: 'deposits', currency: 'USDT' }, amount: BigInt(-1000) * unit },
        { account: { userId, currency: 'USDT' }, amount: BigInt(1000) * unit },
      ],
    });
    await setLimit(userId, { kind: 'wager', period: 'day', amount: 50 });
    const bets = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        post({
          type: 'bet',
          scope: 'bet:pg',
          key: `limit-${i}`,
          userId,
          lines: [
            { account: { userId, currency: 'USDT' }, amount: BigInt(-10) * unit },
            { account: { house: 'game', currency: 'USDT' }, amount: BigInt(10) * unit },
          ],
        }),
      ),
    );
    expect(bets.filter((b) => b.status === 'fulfilled')).toHaveLength(5);
    expect(
      bets.every((b) => b.status === 'fulfilled' || /WAGER_LIMIT/.test(String(b.reason))),
    ).toBe(true);
  });

  it('10,000 random postings (deposits, bets, wins, holds, releases, withdrawals, reversals), eight at a time: every invariant holds', async () => {
    const fc = await import('fast-check');
    const { createPlayer } = await import('@/lib/server/players/store');
    const { post } = await import('@/lib/server/wallet/ledger');
    const { checkLedger } = await import('@/lib/server/wallet/ledger-check');
    const { ApiError } = await import('@/lib/server/http/api-error');
    type Line = import('@/lib/server/wallet/ledger').Line;
    const players = await Promise.all(
      Array.from(
        { length: 5 },
        async (_, i) =>
          (await createPlayer({ email: `pg-prop-${i}@example.com`, status: 'active' })).id,
      ),
    );
    const kinds = ['deposit', 'bet', 'win', 'hold', 'release', 'withdrawal', 'reversal'] as const;
    const moves = fc.sample(
      fc.record({
        player: fc.integer({ min: 0, max: players.length - 1 }),
        currency: fc.constantFrom('BTC', 'USDT'),
        kind: fc.constantFrom(...kinds),
        amount: fc.bigInt({ min: BigInt(1), max: BigInt(10) ** BigInt(9) }),
        pick: fc.nat(),
      }),
      { numRuns: 10_000, seed: 20261124 },
    );
    const done: Array<{ userId: string; lines: Line[] }> = [];
    let refused = 0;
    let next = 0;
    // Eight workers take the moves in turn: postings race for the same players' rows.
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = next++; i < moves.length; i = next++) {
          const m = moves[i]!;
          const userId = players[m.player]!;
          const me = { userId, currency: m.currency };
          const held = { userId, currency: m.currency, kind: 'held' as const };
          const house = (name: 'deposits' | 'game' | 'withdrawals') => ({
            house: name,
            currency: m.currency,
          });
          const pair = (from: Line['account'], to: Line['account']): Line[] => [
            { account: from, amount: -m.amount },
            { account: to, amount: m.amount },
          ];
          // A reversal undoes an earlier posting: every line negated.
          const earlier = done.length ? done[m.pick % done.length] : undefined;
          const lines =
            m.kind === 'reversal'
              ? earlier?.lines.map((l) => ({ account: l.account, amount: -l.amount }))
              : {
                  deposit: pair(house('deposits'), me),
                  win: pair(house('game'), me),
                  bet: pair(me, house('game')),
                  hold: pair(me, held),
                  release: pair(held, me),
                  withdrawal: pair(held, house('withdrawals')),
                }[m.kind];
          if (!lines) continue;
          try {
            const owner = m.kind === 'reversal' ? earlier!.userId : userId;
            await post({ type: m.kind, scope: 'pg-property', key: `m-${i}`, userId: owner, lines });
            done.push({ userId: owner, lines });
          } catch (error) {
            // Refused moves (a balance that would go below zero) must change nothing.
            if (!(error instanceof ApiError && error.code === 'INSUFFICIENT_FUNDS')) throw error;
            refused += 1;
          }
        }
      }),
    );
    expect(done.length + refused).toBeGreaterThan(9_900);
    expect(done.length).toBeGreaterThan(4_000);
    expect(await checkLedger()).toEqual([]);
  }, 300_000);
});
