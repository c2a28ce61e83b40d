/**
 * The originals through their route handlers on a fresh embedded database: the seed lifecycle,
 * Dice, Limbo and Plinko bets with their money, game record rows and events, a zero bet, the
 * refusals, retries under one key, the public bet page and the live feed.
 */
import { createHash } from 'node:crypto';
import { GET as betById } from '@/app/api/v1/originals/bets/[id]/route';
import { POST as bet } from '@/app/api/v1/originals/bets/route';
import { GET as originalsConfig } from '@/app/api/v1/originals/config/route';
import { GET as live } from '@/app/api/v1/originals/live/route';
import { POST as rotate } from '@/app/api/v1/originals/seeds/rotate/route';
import { GET as seeds } from '@/app/api/v1/originals/seeds/route';
import { GET as gameRecord } from '@/app/api/v1/wallet/game-record/route';
import { play } from '@/lib/fairness/outcome';
import { payoutOf } from '@/lib/fairness/rational';
import {
  fairBetOf,
  type Bet,
  type GameRecordPage,
  type LiveBets,
  type OriginalsConfig,
  type Rotated,
  type Seeds,
} from '@/lib/schemas/originals';
import { config as appConfig } from '@/lib/config';
import { closeDb, getDb, getDbHandle } from '@/lib/server/db';
import { users } from '@/lib/server/db/schema';
import { forgetLiveBets } from '@/lib/server/originals/config';
import { openRound } from '@/lib/server/wallet/rounds';
import { eq } from 'drizzle-orm';
import { call, request, withId } from './helpers/api';
import { activePlayer } from './helpers/players';
import { connectSocket, startSocketServer, until } from './helpers/sockets';
import { fundedPlayer } from './helpers/wallet';

afterAll(() => closeDb());

const UNIT = BigInt(10) ** BigInt(6);
let n = 0;
const funded = (usdt: bigint) => fundedPlayer(`orig${(n += 1)}@example.com`, 'USDT', usdt * UNIT);

let keys = 0;
const place = (token: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
  call<Bet>(
    bet,
    request('POST', '/originals/bets', {
      token,
      headers,
      body: { currency: 'USDT', amount: '1', idempotencyKey: `key-${(keys += 1)}-bet`, ...body },
    }),
  );
const dice = { game: 'dice', target: 50.5, side: 'over' };

async function rows(text: string, params: unknown[] = []) {
  return (await (await getDbHandle()).sql(text, params)).rows;
}
const available = async (userId: string) =>
  String(
    (
      await rows(
        `SELECT balance::text AS b FROM ledger_accounts WHERE owner = $1 AND kind = 'available' AND currency = 'USDT'`,
        [`player:${userId}`],
      )
    )[0]?.b,
  );
const seedsOf = async (token: string) =>
  (await call<Seeds>(seeds, request('GET', '/originals/seeds', { token }))).data!;
const rotateWith = (token: string, clientSeed: string) =>
  call<Rotated>(
    rotate,
    request('POST', '/originals/seeds/rotate', { token, body: { clientSeed } }),
  );
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the seed lifecycle', () => {
  it('commits the next seed by its hash and reveals the active one only when it retires', async () => {
    const { token } = await funded(BigInt(10));
    const first = await seedsOf(token);
    expect(first.active.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.active.nonce).toBe(0);
    expect(first.next.serverSeedHash).not.toBe(first.active.serverSeedHash);
    // Asked again: the same pair, not a new one.
    expect(await seedsOf(token)).toEqual(first);

    expect((await place(token, dice)).status).toBe(200);
    expect((await place(token, dice)).status).toBe(200);
    const rotated = await rotateWith(token, 'my lucky seed');
    expect(rotated.status).toBe(200);
    const r = rotated.data!;
    expect(r.previous).toMatchObject({
      serverSeedHash: first.active.serverSeedHash,
      clientSeed: first.active.clientSeed,
      nonce: 2,
    });
    expect(sha256(r.previous.serverSeed)).toBe(first.active.serverSeedHash);
    expect(r.active).toEqual({
      serverSeedHash: first.next.serverSeedHash,
      clientSeed: 'my lucky seed',
      nonce: 0,
    });
    expect(await seedsOf(token)).toEqual({ active: r.active, next: r.next });
  });

  it('keeps every seed sealed at rest, and opens it only with its own row', async () => {
    const { userId, token } = await funded(BigInt(10));
    const { active } = await seedsOf(token);
    const found = await rows(`SELECT id, sealed, revealed FROM fair_seeds WHERE user_id = $1`, [
      userId,
    ]);
    expect(found).toHaveLength(2);
    for (const row of found) {
      expect(String(row.sealed)).toMatch(/^enc:v1:/);
      expect(row.revealed).toBeNull();
    }
    // A sealed seed copied onto another row does not open there: the bet is refused, nothing moves.
    const [a, b] = found;
    await rows(`UPDATE fair_seeds SET sealed = $1 WHERE id = $2`, [b!.sealed, a!.id]);
    const answer = await place(token, dice);
    expect(answer.status).toBe(500);
    expect(await available(userId)).toBe(String(BigInt(10) * UNIT));
    expect(active.nonce).toBe(0);
  });

  it('refuses a rotation while a game is open, and a client seed that is not printable text', async () => {
    const { userId, token } = await funded(BigInt(10));
    await seedsOf(token);
    const db = await getDb();
    await db.transaction((tx) =>
      openRound(tx, {
        product: 'originals',
        game: 'mines',
        roundId: `mines-${userId}`,
        userId,
        currency: 'USDT',
        stake: UNIT,
      }),
    );
    const refused = await rotateWith(token, 'abc');
    expect(refused).toMatchObject({
      status: 409,
      code: 'SEED_ROTATION_BLOCKED',
      error: { message: 'Finish your open game before changing seeds.' },
    });
    expect((await rotateWith(token, 'two words\u0000')).status).toBe(400);
    expect((await rotateWith(token, 'x'.repeat(65))).status).toBe(400);
  });
});

describe('a bet', () => {
  it('stakes, pays exactly what the draw says, and records the round and its event', async () => {
    const { userId, token } = await funded(BigInt(100));
    const before = await seedsOf(token);
    const placed = await place(token, { ...dice, amount: '3' });
    expect(placed.status).toBe(200);
    const b = placed.data!;
    expect(b).toMatchObject({
      game: 'dice',
      amount: '3.000000',
      serverSeedHash: before.active.serverSeedHash,
      serverSeed: null,
      clientSeed: before.active.clientSeed,
      nonce: 0,
      mappingVersion: 1,
      edgeBps: 100,
      tableId: null,
    });
    // Reveal the seed and recompute the bet as any verifier would.
    const { previous } = (await rotateWith(token, 'next')).data!;
    const outcome = play(fairBetOf(b.params), previous.serverSeed, b.clientSeed, 0, 100);
    expect(b.result).toMatchObject({ roll: (outcome.result as { roll: number }).roll });
    const payout = payoutOf(BigInt(3) * UNIT, outcome.multiplier);
    expect(b.win).toBe(outcome.win);
    expect(await available(userId)).toBe(String(BigInt(100) * UNIT - BigInt(3) * UNIT + payout));

    const round = await rows(
      `SELECT game, stake::text, payout::text, state, fairness FROM game_rounds WHERE round_id = $1`,
      [b.id],
    );
    expect(round[0]).toMatchObject({
      game: 'dice',
      stake: String(BigInt(3) * UNIT),
      payout: String(payout),
      state: 'settled',
    });
    expect(round[0]!.fairness).toMatchObject({ nonce: 0, mappingVersion: 1 });
    const events = await rows(
      `SELECT payload FROM domain_events WHERE aggregate = $1 AND type = 'bet.settled'`,
      [`bet:originals:${b.id}`],
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      product: 'originals',
      game: 'dice',
      status: outcome.win ? 'won' : 'lost',
      edgeBps: 100,
      shape: { game: 'dice', target: 50.5, side: 'over' },
      stake: { real: String(BigInt(3) * UNIT), bonus: '0' },
      payout: { real: String(payout), bonus: '0' },
    });
    // The stake and the payout are two postings; a payout of nothing is kept as an empty one.
    const postings = await rows(
      `SELECT t.type, t.key, (SELECT count(*)::int FROM ledger_entries e WHERE e.transaction_id = t.id) AS lines
         FROM ledger_transactions t WHERE t.scope = $1 ORDER BY t.type`,
      [`originals:${userId}`],
    );
    expect(postings.map((p) => [p.type, p.lines])).toEqual([
      ['bet', 2],
      ['win', payout > BigInt(0) ? 2 : 0],
    ]);
  });

  it('plays Limbo and Plinko from the same pair, one nonce after another', async () => {
    const { userId, token } = await funded(BigInt(100));
    const limbo = (await place(token, { game: 'limbo', target: 1.5 })).data!;
    const plinko = (await place(token, { game: 'plinko', rows: 16, risk: 'low' })).data!;
    expect([limbo.nonce, plinko.nonce]).toEqual([0, 1]);
    // Plinko's edge is its table's: 16 rows, low risk returns 98.9987… %, so 101 basis points.
    expect(plinko).toMatchObject({ tableId: 'stake-27', edgeBps: 101 });
    const { previous } = (await rotateWith(token, 'next')).data!;
    for (const b of [limbo, plinko]) {
      const outcome = play(fairBetOf(b.params), previous.serverSeed, b.clientSeed, b.nonce, 100);
      expect(b.result).toMatchObject(outcome.result);
      expect(b.payout).toBe((Number(payoutOf(UNIT, outcome.multiplier)) / Number(UNIT)).toFixed(6));
    }
    expect((plinko.result as { path: number[] }).path).toHaveLength(16);
    expect(Number(await available(userId))).toBeGreaterThan(0);
  });

  it('a bet of 0 draws a nonce and records the round, and moves no money', async () => {
    const { userId, token } = await funded(BigInt(10));
    const zero = await place(token, { ...dice, amount: '0' });
    expect(zero.status).toBe(200);
    expect(zero.data).toMatchObject({ amount: '0.000000', payout: '0.000000', nonce: 0 });
    const next = (await place(token, dice)).data!;
    expect(next.nonce).toBe(1);
    expect(
      await rows(`SELECT count(*)::int AS c FROM game_rounds WHERE user_id = $1`, [userId]),
    ).toEqual([{ c: 2 }]);
    expect(
      await rows(`SELECT count(*)::int AS c FROM ledger_transactions WHERE scope = $1`, [
        `originals:${userId}`,
      ]),
    ).toEqual([{ c: 2 }]);
  });

  it('answers a retry with the first bet, and a key reused with anything changed with a 422', async () => {
    const { userId, token } = await funded(BigInt(10));
    const body = { ...dice, idempotencyKey: 'same-key-123' };
    const first = (await place(token, body)).data!;
    const again = await place(token, body);
    expect(again.data).toEqual(first);
    for (const changed of [
      { target: 60 },
      { side: 'under' },
      { amount: '2' },
      { game: 'limbo', target: 2 },
    ]) {
      expect(await place(token, { ...body, ...changed })).toMatchObject({
        status: 422,
        code: 'IDEMPOTENCY_KEY_REUSED',
      });
    }
    // A retry after the limits moved (a price change) still answers the bet it placed.
    const mutable = appConfig as Record<string, unknown>;
    const before = mutable.MIN_BET_USD;
    mutable.MIN_BET_USD = 5;
    try {
      expect((await place(token, body)).data).toEqual(first);
      expect(await place(token, { ...body, idempotencyKey: 'fresh-key-123' })).toMatchObject({
        code: 'BET_BELOW_MINIMUM',
      });
    } finally {
      mutable.MIN_BET_USD = before;
    }
    const zero = { ...dice, amount: '0', idempotencyKey: 'zero-key-123' };
    expect((await place(token, zero)).data!.nonce).toBe(1);
    expect((await place(token, zero)).data!.nonce).toBe(1);
    expect(await place(token, { ...zero, amount: '1' })).toMatchObject({ status: 422 });
    expect((await seedsOf(token)).active.nonce).toBe(2);
    expect(
      await rows(`SELECT count(*)::int AS c FROM original_bets WHERE user_id = $1`, [userId]),
    ).toEqual([{ c: 2 }]);
  });

  it('refuses what it cannot take, with a message, before any draw', async () => {
    const { userId, token } = await funded(BigInt(10));
    const refused = async (body: Record<string, unknown>, code: string) => {
      const answer = await place(token, body, { 'accept-language': 'en' });
      expect(answer).toMatchObject({ code });
      return answer;
    };
    expect((await refused({ ...dice, amount: '0.001' }, 'BET_BELOW_MINIMUM')).error!.message).toBe(
      'The smallest bet is 0.010000 USDT. Bet more, or bet 0 to play for free.',
    );
    // 10,000 USDT on Limbo at 1,000,000× would promise more than the 100,000 USD maximum win.
    expect(
      (await refused({ game: 'limbo', target: 1_000_000, amount: '0.2' }, 'MAX_WIN_EXCEEDED'))
        .error!.message,
    ).toBe(
      'This bet could win more than the maximum of 100000.000000 USDT. Lower the stake or the multiplier.',
    );
    await refused({ ...dice, amount: '11' }, 'INSUFFICIENT_FUNDS');
    // Chance 99 % (over 1), a target with three decimals, a Limbo target below 1.01×, 17 rows.
    await refused({ ...dice, target: 1 }, 'VALIDATION_ERROR');
    await refused({ ...dice, target: 50.555 }, 'VALIDATION_ERROR');
    await refused({ game: 'limbo', target: 1 }, 'VALIDATION_ERROR');
    await refused({ game: 'plinko', rows: 17, risk: 'low' }, 'VALIDATION_ERROR');
    await refused({ ...dice, currency: 'NOPE' }, 'VALIDATION_ERROR');
    await refused({ ...dice, amount: '1.0000001' }, 'VALIDATION_ERROR');
    // Nothing was drawn or moved.
    expect((await seedsOf(token)).active.nonce).toBe(0);
    expect(await available(userId)).toBe(String(BigInt(10) * UNIT));
    // The edges of the chance range are taken: 98 % and 0.01 %.
    expect((await place(token, { ...dice, target: 2 })).status).toBe(200);
    expect((await place(token, { ...dice, target: 99.99, amount: '0.01' })).status).toBe(200);
  });

  it('is refused to a guest', async () => {
    const guest = await call(
      bet,
      request('POST', '/originals/bets', {
        body: { ...dice, currency: 'USDT', amount: '1', idempotencyKey: 'guest-key-1' },
      }),
    );
    expect(guest.status).toBe(401);
  });
});

describe('what others see', () => {
  it('the public bet page shows the seed only once retired, and no name the player hides', async () => {
    const { userId, token } = await funded(BigInt(10));
    const b = (await place(token, dice)).data!;
    const shown = async () =>
      (await call<Bet>(withId(betById, b.id), request('GET', `/originals/bets/${b.id}`))).data!;
    const before = await shown();
    expect(before.serverSeed).toBeNull();
    expect(before.player).toMatch(/^orig/);
    await (await getDb()).update(users).set({ hideName: true }).where(eq(users.id, userId));
    const { previous } = (await rotateWith(token, 'x')).data!;
    const after = await shown();
    expect(after).toMatchObject({ serverSeed: previous.serverSeed, player: null });
    const none = '00000000-0000-4000-8000-000000000000';
    const missing = await call(withId(betById, none), request('GET', `/originals/bets/${none}`));
    expect(missing.status).toBe(404);
  });

  it('the game record pages every round, with the seed once retired', async () => {
    const { token } = await funded(BigInt(10));
    const placed: Bet[] = [];
    for (let i = 0; i < 5; i += 1) placed.push((await place(token, dice)).data!);
    const page = (query: string) =>
      call<GameRecordPage>(gameRecord, request('GET', `/wallet/game-record${query}`, { token }));
    const first = (await page('?limit=3')).data!;
    expect(first.data.map((r) => r.roundId)).toEqual(
      placed
        .slice(2)
        .reverse()
        .map((b) => b.id),
    );
    expect(first.data[0]).toMatchObject({ product: 'originals', game: 'dice', serverSeed: null });
    const second = (await page(`?limit=3&cursor=${first.nextCursor}`)).data!;
    expect(second.data.map((r) => r.roundId)).toEqual([placed[1]!.id, placed[0]!.id]);
    expect(second.nextCursor).toBeNull();
    const { previous } = (await rotateWith(token, 'y')).data!;
    const after = (await page('?limit=1')).data!;
    expect(after.data[0]!.serverSeed).toBe(previous.serverSeed);
    expect((await page('?game=limbo')).data!.data).toEqual([]);
    expect((await page('?cursor=nope!')).status).toBe(400);
    // A cursor it never wrote: text PostgreSQL would refuse as a time is the client's mistake.
    const forged = Buffer.from('1|00000000-0000-4000-8000-000000000000').toString('base64url');
    expect((await page(`?cursor=${forged}`)).status).toBe(400);
  });

  it('the live feed lists paid bets, newest first, and big wins', async () => {
    const { token } = await funded(BigInt(10));
    const b = (await place(token, { game: 'limbo', target: 1.01 })).data!;
    forgetLiveBets();
    const feed = (await call<LiveBets>(live, request('GET', '/originals/live'))).data!;
    expect(feed.latest[0]).toMatchObject({ id: b.id, game: 'limbo', amount: b.amount });
    expect(feed.bigWins.every((w) => Number(w.multiplier) >= 10)).toBe(true);
    expect(feed.players.limbo).toBeGreaterThanOrEqual(1);
  });

  it('the config names each game’s RTP, every currency’s limits and Plinko’s 27 tables', async () => {
    const config = (
      await call<OriginalsConfig>(originalsConfig, request('GET', '/originals/config'))
    ).data!;
    expect(config.limits.find((l) => l.currency === 'USDT')).toEqual({
      currency: 'USDT',
      minBet: '0.010000',
      maxWin: '100000.000000',
    });
    // 10⁴ units of BTC (0.0001) is more than 0.01 USD: the floor in units decides.
    expect(config.limits.find((l) => l.currency === 'BTC')?.minBet).toBe('0.00010000');
    // The catalog's rtpValue: Plinko names its lowest tables' (8 and 10 rows, medium: 98.90625 %), cut.
    expect(config.games).toEqual([
      { game: 'dice', rtpValue: '99.00%' },
      { game: 'limbo', rtpValue: '99.00%' },
      { game: 'plinko', rtpValue: '98.90%' },
      // Every Mines cash-out pays (1 − edge) over the chance to get there.
      { game: 'mines', rtpValue: '99.00%' },
    ]);
    expect(config.plinko).toHaveLength(27);
    expect(config.plinko.find((t) => t.rows === 16 && t.risk === 'low')?.rtp).toBe('98.9987');
    expect(config.plinko.find((t) => t.rows === 8 && t.risk === 'high')?.multipliers[0]).toBe('29');
  });
});

describe('live wins on the socket', () => {
  it('tells signed-in sockets of each paid bet, the name hidden when the player hides it', async () => {
    const sockets = await startSocketServer();
    const open: Array<{ disconnect(): void }> = [];
    try {
      const watcher = await activePlayer('live-watcher@example.com');
      const heard: Array<Record<string, unknown>> = [];
      const socket = await connectSocket(sockets.port, watcher.getStreamToken);
      open.push(socket);
      socket.on('originals:bet', (bet: Record<string, unknown>) => heard.push(bet));
      const guest = await connectSocket(sockets.port);
      open.push(guest);
      const guestHeard: unknown[] = [];
      guest.on('originals:bet', (bet: unknown) => guestHeard.push(bet));

      const { userId, token } = await funded(BigInt(10));
      await (await getDb()).update(users).set({ hideName: true }).where(eq(users.id, userId));
      const free = (await place(token, { ...dice, amount: '0' })).data!;
      const paid = (await place(token, { ...dice, amount: '2' })).data!;
      await until(() => heard.length > 0);
      expect(heard).toEqual([
        {
          id: paid.id,
          game: 'dice',
          player: null,
          currency: 'USDT',
          amount: '2.000000',
          multiplier: paid.multiplier,
          payout: paid.payout,
          createdAt: paid.createdAt,
        },
      ]);
      expect(heard.some((b) => b.id === free.id)).toBe(false);
      // Guests read the cached feed instead: the socket tells them nothing.
      expect(guestHeard).toEqual([]);
    } finally {
      for (const s of open) s.disconnect();
      await sockets.close();
    }
  });
});
