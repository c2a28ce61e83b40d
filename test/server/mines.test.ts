/**
 * Mines through its route handlers on a fresh embedded database: a game opened with its stake
 * held, revealed tile by tile, cashed out or lost to a mine, with its money, round, event and bet
 * row; the automatic cash-outs; a game of nothing; retries, refusals and their messages.
 */
import { GET as betById } from '@/app/api/v1/originals/bets/[id]/route';
import { POST as cashout } from '@/app/api/v1/originals/mines/[id]/cashout/route';
import { POST as reveal } from '@/app/api/v1/originals/mines/[id]/reveal/route';
import { GET as openGame, POST as start } from '@/app/api/v1/originals/mines/route';
import { POST as rotate } from '@/app/api/v1/originals/seeds/rotate/route';
import { config } from '@/lib/config';
import { minesMultiplier } from '@/lib/fairness/mines';
import { play } from '@/lib/fairness/outcome';
import { payoutOf } from '@/lib/fairness/rational';
import { fairBetOf, type Bet, type MinesGame, type Rotated } from '@/lib/schemas/originals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSession } from '@/lib/server/auth/session';
import { closeDb, getDbHandle } from '@/lib/server/db';
import { startBreak } from '@/lib/server/protection/restriction';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { call, request, withId } from './helpers/api';
import { boardOf } from './helpers/mines';
import { activePlayer } from './helpers/players';
import { connectSocket, startSocketServer, until } from './helpers/sockets';
import { fundedPlayer } from './helpers/wallet';
import { clearRatesCache } from '@/lib/server/wallet/rates';

afterAll(() => closeDb());

const UNIT = BigInt(10) ** BigInt(6);
let n = 0;
const funded = (usdt: bigint) => fundedPlayer(`mines${(n += 1)}@example.com`, 'USDT', usdt * UNIT);

let keys = 0;
const open = (token: string, body: Record<string, unknown> = {}) =>
  call<MinesGame>(
    start,
    request('POST', '/originals/mines', {
      token,
      body: {
        mines: 3,
        currency: 'USDT',
        amount: '2',
        idempotencyKey: `mines-key-${(keys += 1)}`,
        ...body,
      },
    }),
  );
const pick = (token: string, id: string, tile: unknown) =>
  call<MinesGame>(
    withId(reveal, id),
    request('POST', `/originals/mines/${id}/reveal`, { token, body: { tile } }),
  );
const cashOut = (token: string, id: string) =>
  call<MinesGame>(
    withId(cashout, id),
    request('POST', `/originals/mines/${id}/cashout`, { token }),
  );
const current = async (token: string) =>
  (await call<{ game: MinesGame | null }>(openGame, request('GET', '/originals/mines', { token })))
    .data!.game;

async function rows(text: string, params: unknown[] = []) {
  return (await (await getDbHandle()).sql(text, params)).rows;
}
const balance = async (userId: string, kind: string) =>
  String(
    (
      await rows(
        `SELECT balance::text AS b FROM ledger_accounts WHERE owner = $1 AND kind = $2 AND currency = 'USDT'`,
        [`player:${userId}`, kind],
      )
    )[0]?.b ?? '0',
  );

describe('a Mines game', () => {
  it('holds the stake while open, pays the ladder at cash-out, and records it as any bet', async () => {
    const { userId, token } = await funded(BigInt(100));
    const opened = await open(token, { mines: 3, amount: '2' });
    expect(opened.status).toBe(200);
    const game = opened.data!;
    expect(game).toMatchObject({
      state: 'open',
      mines: 3,
      picks: [],
      amount: '2.000000',
      payout: '0.000000',
      multiplier: '0',
      nextMultiplier: '1.125',
      layout: null,
      nonce: 0,
    });
    expect(await balance(userId, 'available')).toBe(String(BigInt(98) * UNIT));
    expect(await balance(userId, 'stake')).toBe(String(BigInt(2) * UNIT));
    expect(await rows(`SELECT state FROM game_rounds WHERE round_id = $1`, [game.id])).toEqual([
      { state: 'open' },
    ]);
    // Shown again on return, without its board.
    expect(await current(token)).toEqual(game);
    // The held stake is the open round's.
    expect(await checkLedger()).toEqual([]);

    const { safe } = await boardOf(game.id);
    const first = (await pick(token, game.id, safe[0])).data!;
    expect(first).toMatchObject({ state: 'open', picks: [safe[0]], multiplier: '1.125' });
    expect(first.layout).toBeNull();
    const second = (await pick(token, game.id, safe[1])).data!;
    expect(second.picks).toEqual([safe[0], safe[1]]);

    const paid = await cashOut(token, game.id);
    expect(paid.status).toBe(200);
    const exact = payoutOf(BigInt(2) * UNIT, minesMultiplier(3, 2, 100));
    expect(paid.data).toMatchObject({ state: 'cashed_out', picks: [safe[0], safe[1]], bust: null });
    expect(paid.data!.payout).toBe((Number(exact) / 1e6).toFixed(6));
    expect(paid.data!.layout).toEqual((await boardOf(game.id)).mines);
    expect(await balance(userId, 'available')).toBe(String(BigInt(98) * UNIT + exact));
    expect(await balance(userId, 'stake')).toBe('0');
    expect(await current(token)).toBeNull();

    // Asked again (a lost answer): the same game, paid once.
    const again = await cashOut(token, game.id);
    expect(again.status).toBe(200);
    expect(again.data!.payout).toBe(paid.data!.payout);
    const postings = await rows(
      `SELECT t.type, t.key FROM ledger_transactions t WHERE t.scope = $1 ORDER BY t.created_at, t.key`,
      [`mines:${userId}`],
    );
    expect(postings.map((p) => p.type).sort()).toEqual(['bet', 'bet', 'win']);

    const round = await rows(
      `SELECT game, state, stake::text, payout::text, fairness FROM game_rounds WHERE round_id = $1`,
      [game.id],
    );
    expect(round[0]).toMatchObject({
      game: 'mines',
      state: 'settled',
      stake: String(BigInt(2) * UNIT),
      payout: String(exact),
    });
    expect(round[0]!.fairness).toEqual({
      seedId: expect.any(String),
      serverSeedHash: game.serverSeedHash,
      clientSeed: game.clientSeed,
      nonce: 0,
      mappingVersion: 1,
    });
    expect(await rows(`SELECT game, params FROM original_bets WHERE id = $1`, [game.id])).toEqual([
      { game: 'mines', params: { game: 'mines', mines: 3 } },
    ]);
    const events = await rows(
      `SELECT payload FROM domain_events WHERE aggregate = $1 AND type = 'bet.settled'`,
      [`bet:originals:${game.id}`],
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      game: 'mines',
      status: 'cashed_out',
      shape: { game: 'mines', mines: 3, picks: 2 },
      payout: { real: String(exact), bonus: '0' },
    });

    // Its bet page, and a verifier's check once the seed is revealed.
    const page = (
      await call<Bet>(withId(betById, game.id), request('GET', `/originals/bets/${game.id}`))
    ).data!;
    expect(page).toMatchObject({ game: 'mines', params: { game: 'mines', mines: 3 }, win: true });
    expect(page.serverSeed).toBeNull();
    const rotated = await call<Rotated>(
      rotate,
      request('POST', '/originals/seeds/rotate', { token, body: { clientSeed: 'after-mines' } }),
    );
    const { serverSeed } = rotated.data!.previous;
    const picks = (page.result as { picks: number[] }).picks;
    const outcome = play(
      fairBetOf(page.params, picks),
      serverSeed,
      page.clientSeed,
      page.nonce,
      100,
    );
    expect(page.result).toMatchObject(outcome.result);
    expect(page.multiplier).toBe('1.2857');
  });

  it('ends on a mine: the stake goes to the house, the board is shown, the game takes nothing more', async () => {
    const { userId, token } = await funded(BigInt(10));
    const game = (await open(token, { mines: 5, amount: '1' })).data!;
    const { mines, safe } = await boardOf(game.id);
    await pick(token, game.id, safe[0]);
    const lost = await pick(token, game.id, mines[2]);
    expect(lost.status).toBe(200);
    expect(lost.data).toMatchObject({
      state: 'busted',
      picks: [safe[0], mines[2]],
      bust: mines[2],
      payout: '0.000000',
      multiplier: '0',
      nextMultiplier: null,
    });
    expect(lost.data!.layout).toEqual(mines);
    expect(await balance(userId, 'available')).toBe(String(BigInt(9) * UNIT));
    expect(await balance(userId, 'stake')).toBe('0');
    // The mine asked again answers the game as it ended; any other tile, or a cash-out, is refused.
    expect((await pick(token, game.id, mines[2])).data!.state).toBe('busted');
    expect(await pick(token, game.id, safe[1])).toMatchObject({
      status: 409,
      code: 'MINES_GAME_OVER',
      error: { message: 'This game is already over.' },
    });
    expect((await cashOut(token, game.id)).code).toBe('MINES_GAME_OVER');
    const events = await rows(
      `SELECT payload FROM domain_events WHERE aggregate = $1 AND type = 'bet.settled'`,
      [`bet:originals:${game.id}`],
    );
    expect(events[0]!.payload).toMatchObject({ status: 'lost', payout: { real: '0', bonus: '0' } });
    // A new game may open now, on the next nonce.
    expect((await open(token, { amount: '1' })).data!.nonce).toBe(1);
  });

  it('reveals a tile once however often it is asked, and cashes out only after a reveal', async () => {
    const { token } = await funded(BigInt(10));
    const game = (await open(token)).data!;
    expect(await cashOut(token, game.id)).toMatchObject({
      status: 409,
      code: 'MINES_NOTHING_REVEALED',
      error: { message: 'Reveal at least one tile before cashing out.' },
    });
    const { safe } = await boardOf(game.id);
    for (let i = 0; i < 3; i++) {
      expect((await pick(token, game.id, safe[4])).data!.picks).toEqual([safe[4]]);
    }
  });

  it('cashes out by itself at the last safe tile', async () => {
    const { userId, token } = await funded(BigInt(10));
    const game = (await open(token, { mines: 24, amount: '1' })).data!;
    expect(game.nextMultiplier).toBe('24.75');
    const { safe } = await boardOf(game.id);
    const won = (await pick(token, game.id, safe[0])).data!;
    expect(won).toMatchObject({ state: 'cashed_out', payout: '24.750000', nextMultiplier: null });
    expect(await balance(userId, 'available')).toBe(String(BigInt(9) * UNIT + BigInt(24_750_000)));
  });

  it('cashes out by itself at the step that reaches the maximum win, paying the maximum', async () => {
    const maxWin = BigInt(config.MAX_WIN_USD) * UNIT; // USDT is priced at 1 USD
    const { userId, token } = await funded(BigInt(config.MAX_WIN_USD) * BigInt(2));
    // 10 mines: the first safe tile pays 1.65×, past the maximum for a stake of the maximum.
    const stake = maxWin;
    const game = (await open(token, { mines: 10, amount: String(config.MAX_WIN_USD) })).data!;
    const { safe } = await boardOf(game.id);
    const won = (await pick(token, game.id, safe[0])).data!;
    expect(won.state).toBe('cashed_out');
    expect(won.payout).toBe((Number(maxWin) / 1e6).toFixed(6));
    expect(await balance(userId, 'available')).toBe(String(BigInt(2) * maxWin - stake + maxWin));
  });

  it('a game of 0 moves no money but draws its nonce and records its round', async () => {
    const { userId, token } = await funded(BigInt(1));
    const game = (await open(token, { amount: '0' })).data!;
    const { mines } = await boardOf(game.id);
    expect((await pick(token, game.id, mines[0])).data!.state).toBe('busted');
    expect(
      await rows(`SELECT count(*)::int AS c FROM ledger_transactions WHERE scope = $1`, [
        `mines:${userId}`,
      ]),
    ).toEqual([{ c: 0 }]);
    expect(await rows(`SELECT state FROM game_rounds WHERE round_id = $1`, [game.id])).toEqual([
      { state: 'settled' },
    ]);
    expect(await balance(userId, 'available')).toBe(String(UNIT));
  });

  it('answers a retry with its game, and refuses a second game, a rotation and bad input', async () => {
    const { token } = await funded(BigInt(10));
    const body = { idempotencyKey: 'one-mines-game' };
    const first = (await open(token, body)).data!;
    expect((await open(token, body)).data!.id).toBe(first.id);
    expect((await open(token, { ...body, mines: 4 })).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await open(token, { ...body, amount: '3' })).code).toBe('IDEMPOTENCY_KEY_REUSED');
    // USDC has USDT's six decimals: the same units, only the currency differs.
    expect((await open(token, { ...body, currency: 'USDC' })).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await open(token)).toMatchObject({
      status: 409,
      code: 'MINES_GAME_OPEN',
      error: { message: 'You already have a Mines game in play. Finish it first.' },
    });
    const rotation = await call(
      rotate,
      request('POST', '/originals/seeds/rotate', { token, body: { clientSeed: 'x' } }),
    );
    expect(rotation.code).toBe('SEED_ROTATION_BLOCKED');

    expect(await open(token, { mines: 25 })).toMatchObject({
      status: 400,
      error: { message: expect.stringContaining('Choose 1 to 24 mines') },
    });
    expect((await open(token, { mines: 0 })).status).toBe(400);
    expect(await open(token, { amount: '0.009999' })).toMatchObject({
      status: 400,
      code: 'BET_BELOW_MINIMUM',
      error: { message: 'The smallest bet is 0.010000 USDT. Bet more, or bet 0 to play for free.' },
    });
    const notListed = {
      status: 400,
      code: 'VALIDATION_ERROR',
      error: { message: 'Some fields are missing or not valid. (currency)' },
    };
    expect(await open(token, { currency: 'NOPE' })).toMatchObject(notListed);
    expect((await pick(token, first.id, 25)).status).toBe(400);
    expect((await pick(token, first.id, 1.5)).status).toBe(400);

    const other = await funded(BigInt(1));
    expect((await pick(other.token, first.id, 0)).status).toBe(404);
    expect((await cashOut(other.token, first.id)).status).toBe(404);
    expect((await pick('', first.id, 0)).status).toBe(401);
    expect((await current(token))!.id).toBe(first.id);
  });

  it('refuses a stake the balance does not cover, and opens nothing', async () => {
    const { userId, token } = await funded(BigInt(1));
    expect((await open(token, { amount: '5' })).code).toBe('INSUFFICIENT_FUNDS');
    expect(await current(token)).toBeNull();
    expect(
      await rows(`SELECT count(*)::int AS c FROM mines_games WHERE user_id = $1`, [userId]),
    ).toEqual([{ c: 0 }]);
  });

  it('lets a player who took a break mid-game collect it, but not play on or open another', async () => {
    const { userId, token } = await funded(BigInt(10));
    const game = (await open(token, { mines: 3, amount: '2' })).data!;
    const { safe } = await boardOf(game.id);
    await pick(token, game.id, safe[0]);
    await startBreak(userId, { kind: 'time-out', duration: '1d' });
    const restricted = (await createSession(userId, { scope: 'restricted' })).token;
    expect((await current(restricted))!.id).toBe(game.id);
    expect((await pick(restricted, game.id, safe[1])).code).toBe('ACCOUNT_RESTRICTED');
    expect((await open(restricted)).code).toBe('ACCOUNT_RESTRICTED');
    const paid = await cashOut(restricted, game.id);
    expect(paid.data!.state).toBe('cashed_out');
    const exact = payoutOf(BigInt(2) * UNIT, minesMultiplier(3, 1, 100));
    expect(await balance(userId, 'available')).toBe(String(BigInt(8) * UNIT + exact));
  });

  it('takes the smallest bet itself, and pays exactly the maximum win at the step that reaches it', async () => {
    const small = await funded(BigInt(1));
    expect((await open(small.token, { amount: '0.01' })).status).toBe(200);
    // One mine pays 33/32 after a tile: 96,969.69697 USDT × 33/32 is the maximum, 100,000, exactly.
    const maxWin = BigInt(config.MAX_WIN_USD) * UNIT;
    const { userId, token } = await funded(BigInt(100_000));
    const game = (await open(token, { mines: 1, amount: '96969.69697' })).data!;
    const { safe } = await boardOf(game.id);
    const won = (await pick(token, game.id, safe[0])).data!;
    expect(won).toMatchObject({ state: 'cashed_out', payout: '100000.000000' });
    expect(await balance(userId, 'available')).toBe(
      String(BigInt(100_000) * UNIT - BigInt(96_969_696_970) + maxWin),
    );
  });

  it('refuses a game in money it cannot price, and plays on without a cap when a price goes', async () => {
    const { token } = await funded(BigInt(10));
    const game = (await open(token, { mines: 2, amount: '1' })).data!;
    // A price source that knows no coin at all (a real HTTP server, as the platform calls one).
    const source: Server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
    const mutable = config as Record<string, unknown>;
    const before = mutable.RATES_URL;
    mutable.RATES_URL = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
    clearRatesCache();
    try {
      const other = await funded(BigInt(10));
      expect(await open(other.token)).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
        error: { message: 'Some fields are missing or not valid. (currency)' },
      });
      const { safe } = await boardOf(game.id);
      expect((await pick(token, game.id, safe[0])).data).toMatchObject({ state: 'open' });
      expect((await cashOut(token, game.id)).data!.state).toBe('cashed_out');
    } finally {
      mutable.RATES_URL = before;
      clearRatesCache();
      await new Promise((resolve) => source.close(resolve));
    }
  });

  it('a close that fails moves nothing and leaves the game open to play on', async () => {
    const { userId, token } = await funded(BigInt(10));
    const game = (await open(token, { mines: 3, amount: '1' })).data!;
    const { mines } = await boardOf(game.id);
    // A bet row already under the game's id: the closing statement fails, as a lost database would.
    const [seed] = await rows(`SELECT seed_id FROM mines_games WHERE id = $1`, [game.id]);
    await rows(
      `INSERT INTO original_bets (id, user_id, game, currency, stake, payout, multiplier, seed_id,
         nonce, params, result, mapping_version, edge_bps)
       VALUES ($1, $2, 'dice', 'USDT', 0, 0, '0/1', $3, 9999, '{}', '{}', 1, 100)`,
      [game.id, userId, seed!.seed_id],
    );
    expect((await pick(token, game.id, mines[0])).status).toBe(500);
    await rows(`DELETE FROM original_bets WHERE id = $1`, [game.id]);
    expect((await current(token))!.picks).toEqual([]);
    expect(await balance(userId, 'stake')).toBe(String(UNIT));
    expect((await pick(token, game.id, mines[0])).data!.state).toBe('busted');
  });

  it('opens one game for a key of nothing sent five times at once', async () => {
    const { token } = await funded(BigInt(1));
    const body = { amount: '0', idempotencyKey: 'free-five-times' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => open(token, body)));
    expect(new Set(answers.map((a) => a.data?.id)).size).toBe(1);
  });

  it('tells signed-in sockets of a game paid for when it closes, once, and nothing of a free one', async () => {
    const sockets = await startSocketServer();
    const watcher = await activePlayer('mines-watcher@example.com');
    const socket = await connectSocket(sockets.port, watcher.getStreamToken);
    const heard: Array<Record<string, unknown>> = [];
    socket.on('originals:bet', (bet: Record<string, unknown>) => heard.push(bet));
    try {
      const { token } = await funded(BigInt(10));
      const free = (await open(token, { amount: '0' })).data!;
      await pick(token, free.id, (await boardOf(free.id)).mines[0]);
      const game = (await open(token, { mines: 3, amount: '2' })).data!;
      await pick(token, game.id, (await boardOf(game.id)).safe[0]);
      const paid = (await cashOut(token, game.id)).data!;
      await cashOut(token, game.id);
      await until(() => heard.length > 0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toEqual([
        {
          id: game.id,
          game: 'mines',
          player: expect.any(String),
          currency: 'USDT',
          amount: '2.000000',
          multiplier: '1.125',
          payout: paid.payout,
          createdAt: expect.any(String),
        },
      ]);
    } finally {
      socket.disconnect();
      await sockets.close();
    }
  });
});
