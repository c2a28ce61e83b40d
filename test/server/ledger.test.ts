import fc from 'fast-check';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as ioClient } from 'socket.io-client';
import { playerRoom } from '@/lib/realtime/socket-auth';
import { closeDb, getDbHandle } from '@/lib/server/db';
import { ApiError } from '@/lib/server/http/api-error';
import { createPlayer } from '@/lib/server/players/store';
import { balancesOf } from '@/lib/server/wallet/balances';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { post, postMany, type Posting } from '@/lib/server/wallet/ledger';

afterAll(() => closeDb());

async function waitFor(done: () => boolean, ms = 5000) {
  for (const start = Date.now(); !done();) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((tick) => setTimeout(tick, 20));
  }
}

let n = 0;
const newPlayer = async () =>
  (await createPlayer({ email: `ledger${(n += 1)}@example.com`, status: 'active' })).id;

/** One ETH at the ledger's precision for ETH (the Cryptos list's 8 decimals). */
const ETH = BigInt(10) ** BigInt(8);
/** Past what a Postgres bigint (and long before, a JS number) could hold. */
const PAST_BIGINT = BigInt(2) ** BigInt(63) + BigInt(5);

const deposit = (userId: string, amount: bigint, key: string): Posting => ({
  type: 'deposit',
  scope: 'deposit:test',
  key,
  userId,
  lines: [
    { account: { house: 'deposits', currency: 'ETH' }, amount: -amount },
    { account: { userId, currency: 'ETH' }, amount },
  ],
});
const hold = (userId: string, amount: bigint, key: string): Posting => ({
  type: 'hold',
  scope: `withdrawal:${userId}`,
  key,
  userId,
  lines: [
    { account: { userId, currency: 'ETH' }, amount: -amount },
    { account: { userId, currency: 'ETH', kind: 'held' }, amount },
  ],
});

async function balance(userId: string, kind: 'available' | 'held' = 'available') {
  const { sql } = await getDbHandle();
  const { rows } = await sql(
    `SELECT balance::text AS b FROM ledger_accounts WHERE owner = $1 AND currency = 'ETH' AND kind = $2`,
    [`player:${userId}`, kind],
  );
  return BigInt(String(rows[0]?.b ?? '0'));
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof ApiError ? error.code : String(error)),
  );

describe('ledger', () => {
  it('credits an amount past a Postgres bigint exactly, and the balances call shows it', async () => {
    const userId = await newPlayer();
    await post(deposit(userId, PAST_BIGINT, 'huge'));
    expect(await balance(userId)).toBe(PAST_BIGINT);
    const eth = (await balancesOf(userId)).find((b) => b.currency === 'ETH');
    expect(eth?.amount).toBe('92233720368.54775813');
    expect(await checkLedger()).toEqual([]);
  });

  it('refuses a posting that would take a player below zero, and writes nothing', async () => {
    const userId = await newPlayer();
    await post(deposit(userId, ETH, 'small'));
    expect(await refusal(post(hold(userId, ETH + BigInt(1), 'too-much')))).toBe(
      'INSUFFICIENT_FUNDS',
    );
    expect(await balance(userId)).toBe(ETH);
    expect(await balance(userId, 'held')).toBe(BigInt(0));
    // The refused key was not spent: the same request can succeed once the money is there.
    await post(deposit(userId, BigInt(1), 'top-up'));
    expect((await post(hold(userId, ETH + BigInt(1), 'too-much'))).replayed).toBe(false);
  });

  it("posts a batch of several players' postings on the one house slot it is given", async () => {
    const players = [await newPlayer(), await newPlayer(), await newPlayer()];
    const keys = players.map((_, i) => `one-slot-${i}`);
    await postMany(
      players.map((userId, i) => deposit(userId, ETH, keys[i]!)),
      { houseSlot: 5 },
    );
    const { sql } = await getDbHandle();
    const { rows } = await sql(
      `SELECT DISTINCT a.owner FROM ledger_entries e
         JOIN ledger_accounts a ON a.id = e.account_id
         JOIN ledger_transactions t ON t.id = e.transaction_id
        WHERE t.scope = 'deposit:test' AND t.key = ANY($1) AND a.house IS NOT NULL`,
      [keys],
    );
    expect(rows).toEqual([{ owner: 'house:deposits/5' }]);
    for (const userId of players) expect(await balance(userId)).toBe(ETH);
    expect(await checkLedger()).toEqual([]);
  });

  it('refuses a posting that does not balance, before touching the database', async () => {
    const userId = await newPlayer();
    const lopsided: Posting = { ...deposit(userId, ETH, 'lopsided') };
    lopsided.lines = [{ account: { userId, currency: 'ETH' }, amount: ETH }, lopsided.lines[0]!];
    lopsided.lines[1] = {
      account: { house: 'deposits', currency: 'ETH' },
      amount: -ETH + BigInt(1),
    };
    expect(await refusal(post(lopsided))).toMatch(/does not balance/);
    expect(await balance(userId)).toBe(BigInt(0));
  });

  it('answers a used key with its first posting, and another request under it with 422', async () => {
    const userId = await newPlayer();
    const first = await post(deposit(userId, ETH, 'same-key'));
    const again = await post(deposit(userId, ETH, 'same-key'));
    // A replay moved nothing, so it reports no balances.
    expect(again).toEqual({
      transactionId: first.transactionId,
      replayed: true,
      withdrawOnly: false,
      balances: [],
    });
    expect(await refusal(post(deposit(userId, BigInt(2) * ETH, 'same-key')))).toBe(
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect(await balance(userId)).toBe(ETH);
  });

  it('stores a bigint in meta as its decimal string, and a retry with it replays', async () => {
    const userId = await newPlayer();
    const withMeta = { ...deposit(userId, ETH, 'bigint-meta'), meta: { stake: BigInt(5) * ETH } };
    const first = await post(withMeta);
    expect(await post(withMeta)).toMatchObject({
      transactionId: first.transactionId,
      replayed: true,
    });
    const { sql } = await getDbHandle();
    const { rows } = await sql('SELECT meta FROM ledger_transactions WHERE id = $1', [
      first.transactionId,
    ]);
    expect(rows[0]?.meta).toEqual({ stake: '500000000' });
  });

  it('refuses a currency outside the Cryptos list, and writes nothing', async () => {
    const userId = await newPlayer();
    const lowercase: Posting = {
      ...deposit(userId, ETH, 'unknown-currency'),
      lines: [
        { account: { house: 'deposits', currency: 'eth' }, amount: -ETH },
        { account: { userId, currency: 'eth' }, amount: ETH },
        { account: { house: 'deposits', currency: 'XYZ' }, amount: -ETH },
        { account: { userId, currency: 'XYZ' }, amount: ETH },
      ],
    };
    // Every currency it does not know, named.
    expect(await refusal(post(lowercase))).toMatch(/unknown currencies: eth, XYZ$/);
    const { sql } = await getDbHandle();
    const written = await sql(
      `SELECT (SELECT count(*) FROM ledger_accounts WHERE currency IN ('eth', 'XYZ'))::int AS accounts,
        (SELECT count(*) FROM ledger_transactions WHERE key = 'unknown-currency')::int AS postings`,
    );
    expect(written.rows[0]).toEqual({ accounts: 0, postings: 0 });
  });

  // The races (one key sent at once, holds of the whole balance at once) run on real PostgreSQL
  // (test/server/postgres.test.ts): the embedded database has one connection and no lock waits.

  it('keeps its history append-only', async () => {
    const { sql } = await getDbHandle();
    await expect(sql('UPDATE ledger_entries SET amount = amount + 1')).rejects.toThrow(
      /append-only/,
    );
    await expect(sql('DELETE FROM ledger_transactions')).rejects.toThrow(/append-only/);
    for (const table of ['ledger_entries', 'ledger_transactions', 'ledger_accounts']) {
      await expect(sql(`TRUNCATE ${table} CASCADE`)).rejects.toThrow(/append-only/);
    }
  });

  it('the invariant check finds a disabled guard and an account outside the Cryptos list', async () => {
    const { sql } = await getDbHandle();
    await sql('ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only');
    const { rows } = await sql(
      `INSERT INTO ledger_accounts (owner, house, currency, kind) VALUES ('house:game', 'game', 'ZZZ', 'available') RETURNING id`,
    );
    try {
      expect(await checkLedger()).toEqual([
        {
          rule: 'every account is in a currency of the Cryptos list',
          detail: `${String(rows[0]?.id)} ZZZ`,
        },
        {
          rule: "the ledger's and the operator audit's append-only guards are in place and enabled",
          detail: 'ledger_entries_append_only',
        },
      ]);
    } finally {
      await sql('ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only');
      await sql('DELETE FROM ledger_accounts WHERE id = $1', [rows[0]?.id]);
    }
    expect(await checkLedger()).toEqual([]);
  });

  it('random postings keep every invariant: zero sums, cached = entries, nothing negative', async () => {
    const players = [await newPlayer(), await newPlayer(), await newPlayer()];
    const move = fc.record({
      player: fc.integer({ min: 0, max: 2 }),
      kind: fc.constantFrom('deposit', 'bet', 'win', 'hold', 'release', 'withdrawal'),
      amount: fc.bigInt({ min: BigInt(1), max: BigInt(5) * ETH }),
    });
    let key = 0;
    let posted = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(move, { minLength: 20, maxLength: 40 }), async (moves) => {
        for (const m of moves) {
          const userId = players[m.player]!;
          const me = (kind?: 'held') => ({ userId, currency: 'ETH', kind });
          const house = (name: 'deposits' | 'game' | 'withdrawals') => ({
            house: name,
            currency: 'ETH',
          });
          const lines = {
            deposit: [house('deposits'), me()],
            win: [house('game'), me()],
            bet: [me(), house('game')],
            hold: [me(), me('held')],
            release: [me('held'), me()],
            withdrawal: [me('held'), house('withdrawals')],
          }[m.kind];
          const type = m.kind === 'release' ? 'release' : m.kind;
          try {
            await post({
              type,
              scope: 'property',
              key: `p-${(key += 1)}`,
              userId,
              lines: [
                { account: lines[0]!, amount: -m.amount },
                { account: lines[1]!, amount: m.amount },
              ],
            });
            posted += 1;
          } catch (error) {
            // Only a balance that would go below zero may refuse a move; anything else is a bug.
            if (!(error instanceof ApiError && error.code === 'INSUFFICIENT_FUNDS')) throw error;
          }
        }
        expect(await checkLedger()).toEqual([]);
      }),
      { numRuns: 25 },
    );
    // An empty ledger is a sound one: the property means something only if most moves went through.
    expect(posted).toBeGreaterThan(key / 3);
    const { sql } = await getDbHandle();
    const { rows } = await sql(
      `SELECT count(*)::int AS n FROM ledger_transactions WHERE scope = 'property'`,
    );
    expect(rows[0]?.n).toBe(posted);
  }, 120_000);

  it('the invariant check finds a balance that was changed behind the ledger', async () => {
    const userId = await newPlayer();
    await post(deposit(userId, ETH, 'tamper'));
    const { sql } = await getDbHandle();
    await sql(`UPDATE ledger_accounts SET balance = balance + 1 WHERE owner = $1`, [
      `player:${userId}`,
    ]);
    const found = await checkLedger();
    expect(found.map((v) => v.rule)).toContain("every account's balance is the sum of its entries");
    await sql(`UPDATE ledger_accounts SET balance = balance - 1 WHERE owner = $1`, [
      `player:${userId}`,
    ]);
  });

  it("tells the player's socket room the new balance after each posting, once", async () => {
    // A real socket.io server and client: the client stands in the player's room, as a signed-in tab.
    const userId = await newPlayer();
    const http = createServer();
    const io = new Server(http);
    io.on('connection', (socket) => void socket.join(playerRoom(userId)));
    await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
    const client = ioClient(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, {
      transports: ['websocket'],
    });
    const received: unknown[] = [];
    client.on('balance', (payload: unknown) => received.push(payload));
    await new Promise<void>((done) => client.on('connect', () => done()));
    globalThis.__io = io;
    try {
      await post(deposit(userId, BigInt(150_000_000), 'live'));
      await post(hold(userId, BigInt(50_000_000), 'live-hold'));
      await post(hold(userId, BigInt(50_000_000), 'live-hold')); // a replay moves nothing
      await waitFor(() => received.length >= 2);
      await new Promise((settle) => setTimeout(settle, 100));
      const zero = '0.00000000';
      expect(received).toEqual([
        {
          currency: 'ETH',
          version: expect.stringMatching(/^\d{16}$/),
          available: '1.50000000',
          held: zero,
          withdraw_only: zero,
          stake: zero,
          bonus: zero,
          receivable: zero,
        },
        {
          currency: 'ETH',
          version: expect.stringMatching(/^\d{16}$/),
          available: '1.00000000',
          held: '0.50000000',
          withdraw_only: zero,
          stake: zero,
          bonus: zero,
          receivable: zero,
        },
      ]);
      // Each posting's event is later than the one before it.
      const [a, b] = received as Array<{ version: string }>;
      expect(BigInt(b!.version)).toBeGreaterThan(BigInt(a!.version));
    } finally {
      globalThis.__io = undefined;
      client.close();
      await new Promise<void>((done) => io.close(() => done()));
    }
  });
});
