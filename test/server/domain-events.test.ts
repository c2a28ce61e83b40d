/**
 * Domain events and the game record: written in the posting's transaction, delivered at least
 * once, applied once per consumer; `bet.settled` versions; the wallet's own events.
 */
import { sql } from 'drizzle-orm';
import { POST as adjust } from '@/app/api/v1/operator/adjustments/route';
import { livePrices } from './helpers/rates';
import { config } from '@/lib/config';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { call, request } from './helpers/api';
import { closeDb, getDb, getDbHandle } from '@/lib/server/db';
import {
  consume,
  deliverPending,
  deliverSoon,
  type DeliveredEvent,
} from '@/lib/server/wallet/events/deliver';
import { drainJobs } from '@/lib/server/jobs';
import { createPlayer } from '@/lib/server/players/store';
import { depositCredited, withdrawalPaid } from '@/lib/server/wallet/events/wallet';
import { adjustRound, openRound, settleRound, type Settlement } from '@/lib/server/wallet/rounds';
import { postMany, type Line } from '@/lib/server/wallet/ledger';
import { fund } from './helpers/wallet';

afterAll(() => closeDb());

const UNIT = BigInt(10) ** BigInt(6);
let n = 0;
async function funded() {
  const userId = (await createPlayer({ email: `events${(n += 1)}@example.com`, status: 'active' }))
    .id;
  await fund(userId, 'USDT', BigInt(100) * UNIT);
  return userId;
}
const me = (userId: string) => ({ userId, currency: 'USDT' });
const originals = { house: 'originals' as const, currency: 'USDT' };
const move = (from: Line['account'], to: Line['account'], amount: bigint): Line[] => [
  { account: from, amount: -amount },
  { account: to, amount },
];

/** A Dice round: stake and payout in one commit, the round recorded and its event written. */
function diceRound(userId: string, id: string, stake: bigint, payout: bigint, version = 1) {
  return postMany(
    [
      {
        type: 'bet',
        scope: 'dice',
        key: `${id}:stake:${version}`,
        userId,
        lines: move(me(userId), originals, stake),
      },
      // A lost round has no payout posting.
      ...(payout > BigInt(0)
        ? [
            {
              type: 'win' as const,
              scope: 'dice',
              key: `${id}:payout:${version}`,
              userId,
              lines: move(originals, me(userId), payout),
            },
          ]
        : []),
    ],
    {
      inTransaction: async (tx) => {
        await settleRound(tx, {
          product: 'originals',
          game: 'dice',
          roundId: id,
          userId,
          currency: 'USDT',
          stake: { real: stake.toString(), bonus: '0' },
          payout: { real: payout.toString(), bonus: '0' },
          status: payout > BigInt(0) ? 'won' : 'lost',
          edgeBps: 100,
          shape: { chance: 49.5, multiplier: 2 },
          fairness: { serverSeedHash: 'ab'.repeat(32), clientSeed: 'c', nonce: 0 },
        });
      },
    },
  );
}

/** `count` deposit.credited events of one unit for a player, in one transaction. */
async function depositEvents(userId: string, count: number) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      await depositCredited(tx, {
        userId,
        currency: 'USDT',
        amount: UNIT,
        withdrawOnly: false,
        source: 'test',
        transactionId: crypto.randomUUID(),
      });
    }
  });
}

/**
 * Runs the queue's due jobs until `done` says so, for up to 10 s: a delivery asked for inside the
 * gap after the last request is queued at the gap's end, and on a loaded machine the poll is late.
 */
async function jobsUntil(done: () => boolean | Promise<boolean>) {
  for (let tries = 0; tries < 200 && !(await done()); tries++) {
    await drainJobs();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A lost Dice round's settlement, with what a test changes. */
const lost = (userId: string, roundId: string, changes: Partial<Settlement> = {}): Settlement => ({
  product: 'originals',
  game: 'dice',
  roundId,
  userId,
  currency: 'USDT',
  stake: { real: String(UNIT), bonus: '0' },
  payout: { real: '0', bonus: '0' },
  status: 'lost',
  edgeBps: 100,
  shape: {},
  ...changes,
});

async function events(aggregate: string) {
  const { sql: query } = await getDbHandle();
  const { rows } = await query(
    `SELECT type, version, sequence::int AS sequence, payload, delivered_at FROM domain_events
      WHERE aggregate = $1 ORDER BY sequence`,
    [aggregate],
  );
  return rows;
}

describe('domain events', () => {
  it('a settled round writes its record and bet.settled v1 in its commit; a resettlement is version 2', async () => {
    const userId = await funded();
    await diceRound(userId, `r-${userId}`, UNIT, BigInt(2) * UNIT);
    const db = await getDb();
    const { rows } = (await db.execute(
      sql`SELECT game, stake::text AS stake, payout::text AS payout, state FROM game_rounds WHERE round_id = ${`r-${userId}`}`,
    )) as { rows: unknown[] };
    expect(rows).toEqual([
      { game: 'dice', stake: String(UNIT), payout: String(BigInt(2) * UNIT), state: 'settled' },
    ]);
    await diceRound(userId, `r-${userId}`, UNIT, UNIT, 2);
    const written = await events(`bet:originals:r-${userId}`);
    expect(written.map((e) => [e.type, e.version, e.sequence])).toEqual([
      ['bet.settled', 1, 1],
      ['bet.settled', 1, 2],
    ]);
    expect(written.map((e) => (e.payload as { version: number }).version)).toEqual([1, 2]);
    expect(written[0]!.payload).toMatchObject({
      product: 'originals',
      player: userId,
      betId: `r-${userId}`,
      stake: { real: String(UNIT), bonus: '0' },
      payout: { real: String(BigInt(2) * UNIT), bonus: '0' },
      status: 'won',
      edgeBps: 100,
      shape: { chance: 49.5, multiplier: 2 },
    });
  });

  it('a first settlement writes its row alongside, its record and v1 in one statement; a round that exists is refused', async () => {
    const userId = await funded();
    const db = await getDb();
    const roundId = `first-${userId}`;
    const note = sql`INSERT INTO app_secrets (name, value) VALUES (${`note:${roundId}`}, 'x')`;
    expect(
      await db.transaction((tx) =>
        settleRound(tx, lost(userId, roundId), { alongside: note, first: true }),
      ),
    ).toBe(1);
    const written = await events(`bet:originals:${roundId}`);
    expect(written.map((e) => [e.type, e.version, e.sequence])).toEqual([['bet.settled', 1, 1]]);
    expect((written[0]!.payload as { version: number }).version).toBe(1);
    const { rows } = (await db.execute(
      sql`SELECT (SELECT count(*)::int FROM game_rounds WHERE round_id = ${roundId}) AS rounds,
        (SELECT count(*)::int FROM app_secrets WHERE name = ${`note:${roundId}`}) AS notes`,
    )) as { rows: unknown[] };
    expect(rows).toEqual([{ rounds: 1, notes: 1 }]);
    // Claimed first but recorded before: the unique round refuses it, and nothing of it stays.
    await expect(
      db.transaction((tx) => settleRound(tx, lost(userId, roundId), { first: true })),
    ).rejects.toThrow();
    expect(await events(`bet:originals:${roundId}`)).toHaveLength(1);
  });

  it("an opened round's one settlement (a casino round): its open record settles with v1; a record not open, never opened or another player's is refused", async () => {
    const userId = await funded();
    const other = await funded();
    const roundId = `opened-${userId}`;
    const db = await getDb();
    const settle = (player: string, id = roundId) =>
      db.transaction((tx) => settleRound(tx, lost(player, id), { opened: true }));
    const rounds = async (id: string) => {
      const { rows } = (await db.execute(
        sql`SELECT user_id, state FROM game_rounds WHERE round_id = ${id}`,
      )) as { rows: unknown[] };
      return rows;
    };
    await db.transaction((tx) =>
      openRound(tx, {
        product: 'originals',
        game: 'dice',
        roundId,
        userId,
        currency: 'USDT',
        stake: UNIT,
      }),
    );
    await expect(settle(other)).rejects.toThrow(/is not open for this player/);
    expect(await events(`bet:originals:${roundId}`)).toEqual([]);
    expect(await settle(userId)).toBe(1);
    expect(await rounds(roundId)).toEqual([{ user_id: userId, state: 'settled' }]);
    expect((await events(`bet:originals:${roundId}`)).map((e) => e.version)).toEqual([1]);
    // Settled once: a second settlement finds no open record and writes nothing.
    await expect(settle(userId)).rejects.toThrow(/is not open for this player/);
    expect(await events(`bet:originals:${roundId}`)).toHaveLength(1);
    // A round never opened is not made here.
    const never = `never-${userId}`;
    await expect(settle(userId, never)).rejects.toThrow(/is not open for this player/);
    expect(await rounds(never)).toEqual([]);
    expect(await events(`bet:originals:${never}`)).toEqual([]);
  });

  it("the game record: an open round settles, a refund reads void and keeps its fairness, another player's settlement is refused", async () => {
    const userId = await funded();
    const other = await funded();
    const roundId = `record-${userId}`;
    const fairness = { serverSeedHash: 'cd'.repeat(32), clientSeed: 'mine', nonce: 3 };
    const db = await getDb();
    await db.transaction((tx) =>
      openRound(tx, {
        product: 'originals',
        game: 'mines',
        roundId,
        userId,
        currency: 'USDT',
        stake: UNIT,
        fairness,
      }),
    );
    const record = async () => {
      const { rows } = (await db.execute(sql`
        SELECT state, stake::text AS stake, payout::text AS payout, fairness, settled_at IS NOT NULL AS settled
        FROM game_rounds WHERE round_id = ${roundId}`)) as { rows: unknown[] };
      return rows;
    };
    expect(await record()).toEqual([
      { state: 'open', stake: String(UNIT), payout: '0', fairness, settled: false },
    ]);
    const settle = (player: string, status: 'refunded' | 'won', payout: bigint) =>
      db.transaction((tx) =>
        settleRound(tx, {
          product: 'originals',
          game: 'mines',
          roundId,
          userId: player,
          currency: 'USDT',
          stake: { real: String(UNIT), bonus: '0' },
          payout: { real: String(payout), bonus: '0' },
          status,
          edgeBps: 100,
          shape: { mines: 3, picks: 2 },
        }),
      );
    expect(await settle(userId, 'refunded', UNIT)).toBe(1);
    expect(await record()).toEqual([
      { state: 'void', stake: String(UNIT), payout: String(UNIT), fairness, settled: true },
    ]);
    await expect(settle(other, 'won', BigInt(9) * UNIT)).rejects.toThrow(/another player/);
    expect(await settle(userId, 'won', BigInt(3) * UNIT)).toBe(2);
    expect(await record()).toEqual([
      {
        state: 'settled',
        stake: String(UNIT),
        payout: String(BigInt(3) * UNIT),
        fairness,
        settled: true,
      },
    ]);
    const written = await events(`bet:originals:${roundId}`);
    expect(written.map((e) => (e.payload as { status: string }).status)).toEqual([
      'refunded',
      'won',
    ]);
  });

  it('a round counts real and bonus parts; a voided round reads void; a correction names what it refuses', async () => {
    const userId = await funded();
    const roundId = `parts-${userId}`;
    const db = await getDb();
    const settled = (id: string, status: 'void' | 'won', payout: bigint) =>
      db.transaction((tx) =>
        settleRound(tx, {
          product: 'originals',
          game: 'dice',
          roundId: id,
          userId,
          currency: 'USDT',
          stake: { real: String(UNIT), bonus: String(BigInt(2) * UNIT) },
          payout: { real: String(payout), bonus: String(payout) },
          status,
          edgeBps: 100,
          shape: {},
        }),
      );
    await settled(roundId, 'void', BigInt(0));
    const { rows } = (await db.execute(
      sql`SELECT state, stake::text AS stake FROM game_rounds WHERE round_id = ${roundId}`,
    )) as { rows: unknown[] };
    expect(rows).toEqual([{ state: 'void', stake: String(BigInt(3) * UNIT) }]);

    const adjusting = (id: string, amount: bigint) =>
      db.transaction((tx) =>
        adjustRound(tx, {
          product: 'originals',
          roundId: id,
          userId,
          currency: 'USDT',
          amount,
          reason: 'test',
        }),
      );
    const notFound = { code: 'NOT_FOUND', detail: 'round' };
    await expect(adjusting(`missing-${roundId}`, UNIT)).rejects.toMatchObject(notFound);
    const open = `open-${roundId}`;
    // Nothing staked: a round that held money would have its stake balance to match (ledger check).
    await db.transaction((tx) =>
      openRound(tx, {
        product: 'originals',
        game: 'mines',
        roundId: open,
        userId,
        currency: 'USDT',
        stake: BigInt(0),
      }),
    );
    await expect(adjusting(open, UNIT)).rejects.toMatchObject(notFound);
    // A round marked settled that no settlement event names (written by hand): nothing to correct.
    const unnamed = `unnamed-${roundId}`;
    await db.execute(sql`
      INSERT INTO game_rounds (product, game, round_id, user_id, currency, stake, payout, state)
      VALUES ('originals', 'dice', ${unnamed}, ${userId}, 'USDT', 1, 0, 'settled')`);
    await expect(adjusting(unnamed, UNIT)).rejects.toMatchObject(notFound);
    const paid = `paid-${roundId}`;
    await settled(paid, 'won', UNIT);
    await expect(adjusting(paid, -BigInt(3) * UNIT)).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      detail: 'amount',
    });
  });

  it('a pass gives each consumer only its types, none after it stops, and says what is left and more', async () => {
    await drainJobs();
    const seen: string[] = [];
    const stopDeposits = consume({
      name: 'test-deposits',
      types: ['deposit.credited'],
      apply: async (_tx, event) => void seen.push(event.type),
    });
    const stopFailing = consume({
      name: 'test-failing',
      types: ['bet.settled'],
      apply: async () => {
        throw new Error('down');
      },
    });
    const userId = await funded();
    const db = await getDb();
    const deposits = (count: number) => depositEvents(userId, count);
    try {
      await db.transaction((tx) => settleRound(tx, lost(userId, `failing-${userId}`)));
      await deposits(1);
      expect(await deliverPending()).toEqual({ more: false, left: true });
      expect(seen).toEqual(['deposit.credited']);
      stopFailing();
      stopDeposits();
      await deposits(1);
      await deliverPending();
      expect(seen).toEqual(['deposit.credited']);

      // More than a pass takes: the job passes again until none is left, and leaves no job waiting
      // (a retry after the failing consumer's pass, if the job met it, waits under its own key).
      await deposits(101);
      await deliverSoon();
      const { sql: query } = await getDbHandle();
      const waiting = async () =>
        (
          await query(`SELECT
            (SELECT count(*)::int FROM domain_events WHERE delivered_at IS NULL) AS events,
            (SELECT count(*)::int FROM pgboss.job WHERE name = 'deliver-events'
              AND singleton_key = 'events' AND state IN ('created', 'retry')) AS jobs`)
        ).rows[0];
      await jobsUntil(async () => (await waiting())?.events === 0);
      expect(await waiting()).toEqual({ events: 0, jobs: 0 });
      await deposits(101);
      expect(await deliverPending()).toEqual({ more: true, left: false });
      expect(await deliverPending()).toEqual({ more: false, left: false });
    } finally {
      stopFailing();
      stopDeposits();
    }
  });

  it('a pass that fails waits to try again without holding back the events after it', async () => {
    await drainJobs();
    const userId = await funded();
    const seen: string[] = [];
    const stopFailing = consume({
      name: 'test-down',
      types: ['bet.settled'],
      apply: async (_tx, event) => {
        if ((event.payload as { player: string }).player === userId) throw new Error('down');
      },
    });
    const stopDeposits = consume({
      name: 'test-up',
      types: ['deposit.credited'],
      apply: async (_tx, event) => {
        if ((event.payload as { player: string }).player === userId) seen.push(event.type);
      },
    });
    const { sql: query } = await getDbHandle();
    const retrying = async () =>
      (
        await query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'deliver-events'
          AND state = 'created' AND start_after > now() + interval '10 seconds'`)
      ).rows[0]?.n;
    try {
      await diceRound(userId, `down-${userId}`, UNIT, BigInt(0));
      // The commit's pass meets the consumer down and asks for another pass later.
      await jobsUntil(async () => Boolean(await retrying()));
      expect(await retrying()).toBe(1);
      // A deposit meanwhile is delivered now, not when that retry comes.
      await depositEvents(userId, 1);
      // As the wallet does after its commit.
      await deliverSoon();
      await jobsUntil(() => seen.length > 0);
      expect(seen).toEqual(['deposit.credited']);
    } finally {
      stopFailing();
      stopDeposits();
      await query(`DELETE FROM pgboss.job WHERE name = 'deliver-events' AND state = 'created'`);
    }
  });

  it("the wallet's own events: deposit.credited and withdrawal.paid, each on its aggregate", async () => {
    const userId = await funded();
    const depositTx = crypto.randomUUID();
    const withdrawalId = crypto.randomUUID();
    const withdrawalTx = crypto.randomUUID();
    const db = await getDb();
    const [credited, paid] = await db.transaction(async (tx) => [
      await depositCredited(tx, {
        userId,
        currency: 'USDT',
        amount: BigInt(25) * UNIT,
        withdrawOnly: true,
        source: 'custodian',
        transactionId: depositTx,
      }),
      await withdrawalPaid(
        tx,
        { id: withdrawalId, userId, currency: 'USDT', amount: BigInt(7) * UNIT, fee: UNIT },
        withdrawalTx,
      ),
    ]);
    const [deposit] = await events(`deposit:${depositTx}`);
    expect(deposit).toMatchObject({ type: 'deposit.credited', version: 1, sequence: 1 });
    expect(deposit!.payload).toMatchObject({
      eventId: credited,
      player: userId,
      currency: 'USDT',
      amount: String(BigInt(25) * UNIT),
      withdrawOnly: true,
      source: 'custodian',
      transactionId: depositTx,
    });
    const [withdrawal] = await events(`withdrawal:${withdrawalId}`);
    expect(withdrawal).toMatchObject({ type: 'withdrawal.paid', version: 1, sequence: 1 });
    expect(withdrawal!.payload).toMatchObject({
      eventId: paid,
      player: userId,
      withdrawalId: withdrawalId,
      currency: 'USDT',
      amount: String(BigInt(7) * UNIT),
      fee: String(UNIT),
      transactionId: withdrawalTx,
    });
  });

  it('an event that breaks its contract undoes the posting that wrote it', async () => {
    const userId = await funded();
    const broken = postMany(
      [
        {
          type: 'bet',
          scope: 'dice',
          key: `broken-${userId}`,
          userId,
          lines: move(me(userId), originals, UNIT),
        },
      ],
      {
        inTransaction: async (tx) => {
          // Past 100 %: the contract refuses it.
          await settleRound(tx, lost(userId, `broken-${userId}`, { edgeBps: 20_000 }));
        },
      },
    );
    await expect(broken).rejects.toThrow();
    expect(await events(`bet:originals:broken-${userId}`)).toEqual([]);
    const { sql: query } = await getDbHandle();
    const { rows } = await query(
      'SELECT count(*)::int AS n FROM ledger_transactions WHERE key = $1',
      [`broken-${userId}`],
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('an event delivered twice is applied once; a consumer that fails gets it again', async () => {
    const userId = await funded();
    const applied: string[] = [];
    let failOnce = true;
    const stop = consume({
      name: 'test-rakeback',
      types: ['bet.settled'],
      apply: async (tx, event: DeliveredEvent) => {
        if ((event.payload as { player: string }).player !== userId) return;
        if (failOnce) {
          failOnce = false;
          throw new Error('the engine is down');
        }
        applied.push(event.id);
        await tx.execute(sql`SELECT 1`);
      },
    });
    try {
      await diceRound(userId, `d-${userId}`, UNIT, BigInt(0));
      const aggregate = `bet:originals:d-${userId}`;
      // The commit started a delivery pass (the job), which meets the engine down. The request
      // may wait out the gap after an earlier one, so the job is awaited until it has run.
      await jobsUntil(() => !failOnce);
      expect(failOnce).toBe(false);
      // The consumer failed: the event is still waiting, and nothing was applied.
      expect(applied).toEqual([]);
      expect((await events(aggregate))[0]!.delivered_at).toBeNull();
      await deliverPending();
      expect(applied).toHaveLength(1);
      expect((await events(aggregate))[0]!.delivered_at).not.toBeNull();
      // Delivered again (a server died before marking it): the receipt keeps it from applying twice.
      const { sql: query } = await getDbHandle();
      await query(`UPDATE domain_events SET delivered_at = NULL WHERE aggregate = $1`, [aggregate]);
      await deliverPending();
      expect(applied).toHaveLength(1);
    } finally {
      stop();
    }
  });
});

describe('a settled round corrected by an operator', () => {
  const TOKEN = 'operator-token-for-the-tests-0123456789';
  const mutable = config as Record<string, unknown>;
  // Live prices: with the indicative table every adjustment waits for a second staff member.
  livePrices({ USDT: 1 });
  beforeEach(() => {
    mutable.OPERATOR_TOKEN = TOKEN;
  });
  afterEach(() => {
    mutable.OPERATOR_TOKEN = undefined;
  });
  const correct = (userId: string, roundId: string, amount: string, key: string) =>
    call(
      adjust,
      request('POST', '/operator/adjustments', {
        token: TOKEN,
        body: {
          userId,
          currency: 'USDT',
          amount,
          reason: 'palpable error in the odds',
          idempotencyKey: key,
          round: { product: 'originals', roundId },
        },
      }),
    );
  const payoutOf = async (roundId: string) => {
    const { sql: query } = await getDbHandle();
    const { rows } = await query(
      'SELECT payout::text AS payout FROM game_rounds WHERE round_id = $1',
      [roundId],
    );
    return (rows[0] as { payout: string }).payout;
  };

  it('moves the money against the house, names the settlement it corrects, and is owed past the balance', async () => {
    const userId = await funded();
    const roundId = `adj-${userId}`;
    await diceRound(userId, roundId, UNIT, BigInt(50) * UNIT);
    await diceRound(userId, roundId, UNIT, BigInt(50) * UNIT, 2);
    // The player now holds 100 − 1 + 50 − 1 + 50 = 198 USDT; the round paid 50 at version 2.
    const settlements = await events(`bet:originals:${roundId}`);
    const latest = settlements.at(-1)!.payload as { eventId: string };

    const paid = await correct(userId, roundId, '2.5', `pay-${roundId}`);
    expect(paid).toMatchObject({ status: 200, data: { replayed: false, available: '200.500000' } });
    expect(await payoutOf(roundId)).toBe(String(BigInt(525) * (UNIT / BigInt(10))));

    // Taking back more than the player holds: what is missing is owed, never refused.
    const spent = await call(
      adjust,
      request('POST', '/operator/adjustments', {
        token: TOKEN,
        body: {
          userId,
          currency: 'USDT',
          amount: '-190.5',
          reason: 'spent elsewhere',
          idempotencyKey: `spend-${roundId}`,
        },
      }),
    );
    expect(spent).toMatchObject({ status: 200, data: { available: '10.000000' } });
    const back = await correct(userId, roundId, '-52.5', `back-${roundId}`);
    expect(back).toMatchObject({ status: 200, data: { available: '0.000000' } });
    const { sql: query } = await getDbHandle();
    const { rows: owed } = await query(
      `SELECT balance::text AS balance FROM ledger_accounts
        WHERE owner = $1 AND currency = 'USDT' AND kind = 'receivable'`,
      [`player:${userId}`],
    );
    expect(owed).toEqual([{ balance: String(-BigInt(425) * (UNIT / BigInt(10))) }]);
    // A player owing the house is a risk flag, raised with the debt in the same transaction.
    const { rows: flags } = await query(
      `SELECT kind, source, details FROM player_flags WHERE user_id = $1`,
      [userId],
    );
    expect(flags).toEqual([
      {
        kind: 'negative_receivable',
        // The debt starts with the take-back that went past the balance: that posting is its source.
        source: `debt:USDT:${back.data!.transactionId}`,
        details: { owed: String(BigInt(425) * (UNIT / BigInt(10))) },
      },
    ]);
    expect(await payoutOf(roundId)).toBe('0');
    const written = await events(`bet:originals:${roundId}`);
    const adjusted = written.filter((e) => e.type === 'bet.adjusted').map((e) => e.payload);
    expect(adjusted).toEqual([
      expect.objectContaining({
        corrects: latest.eventId,
        amount: String((BigInt(25) * UNIT) / BigInt(10)),
        betId: roundId,
      }),
      expect.objectContaining({
        corrects: latest.eventId,
        amount: String((-BigInt(525) * UNIT) / BigInt(10)),
      }),
    ]);
    expect((adjusted[0] as { eventId: string }).eventId).toBe(paid.data?.eventId);
    // A replay answers the first correction and writes nothing more.
    expect(await correct(userId, roundId, '-52.5', `back-${roundId}`)).toMatchObject({
      status: 200,
      data: { replayed: true },
    });
    expect(await events(`bet:originals:${roundId}`)).toHaveLength(written.length);
    expect(await checkLedger()).toEqual([]);
  });

  it("refuses another player's round, an open one, and a take-back past what it paid, moving nothing", async () => {
    const userId = await funded();
    const other = await funded();
    const roundId = `adj-refused-${userId}`;
    await diceRound(userId, roundId, UNIT, BigInt(2) * UNIT);
    expect((await correct(other, roundId, '1', `other-${roundId}`)).code).toBe('NOT_FOUND');
    expect((await correct(userId, `missing-${roundId}`, '1', `missing-${roundId}`)).code).toBe(
      'NOT_FOUND',
    );
    // A round still open (a Mines game in play) has nothing to correct yet.
    const open = `adj-open-${userId}`;
    await postMany(
      [
        {
          type: 'bet',
          scope: 'mines',
          key: open,
          userId,
          // An open round's stake is held in the player's stake balance until it settles.
          lines: move(me(userId), { userId, currency: 'USDT', kind: 'stake' }, UNIT),
        },
      ],
      {
        inTransaction: (tx) =>
          openRound(tx, {
            product: 'originals',
            game: 'mines',
            roundId: open,
            userId,
            currency: 'USDT',
            stake: UNIT,
          }),
      },
    );
    expect((await correct(userId, open, '1', `open-${roundId}`)).code).toBe('CONFLICT');
    expect((await correct(userId, roundId, '-2.000001', `past-${roundId}`)).code).toBe(
      'VALIDATION_ERROR',
    );
    expect(await payoutOf(roundId)).toBe(String(BigInt(2) * UNIT));
    expect((await events(`bet:originals:${roundId}`)).map((e) => e.type)).toEqual(['bet.settled']);
    expect(await checkLedger()).toEqual([]);
  });
});
