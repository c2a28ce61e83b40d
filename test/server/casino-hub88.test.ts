/**
 * The seamless wallet through Hub88's Wallet API, against a scripted aggregator that signs with
 * its own key, on a fresh embedded database: signatures over the raw body, idempotency by
 * transaction id, every stated outcome of a bet, a win and a rollback, the balance floored to
 * Hub88's integer, sessions that live while used, rounds closed with `bet.settled`, the launch
 * through the signed Games API, and 1,000 scripted rounds reconciled with the ledger.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { POST as playRoute } from '@/app/api/v1/games/[slug]/play/route';
import { POST as logoutRoute } from '@/app/api/v1/auth/logout/route';
import { config } from '@/lib/config';
import { closeStaleRounds, startRoundSweeps } from '@/lib/server/casino/rounds';
import { closeDb } from '@/lib/server/db';
import { drainJobs } from '@/lib/server/jobs';
import { setLimit } from '@/lib/server/protection/limits';
import { startBreak } from '@/lib/server/protection/restriction';
import { gameRecord } from '@/lib/server/wallet/game-record';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { call, request } from './helpers/api';
import { ScriptedHub88, launchedPlayer, rsaKeys } from './helpers/hub88-aggregator';
import { sqlRows } from './helpers/races';
import { fund, fundedPlayer } from './helpers/wallet';
import { signBody } from '@/lib/server/casino/hub88/signature';

const hub = new ScriptedHub88();
const mutable = config as Record<string, unknown>;
let game: { slug: string; code: string; rtp: string };

beforeAll(async () => {
  mutable.HUB88_KEY_DIR = path.join(tmpdir(), `hub88-${randomUUID()}`);
  await hub.install();
  const [row] = await sqlRows(`SELECT slug, game_id AS code, rtp FROM games ORDER BY slug LIMIT 1`);
  game = row as typeof game;
});
afterAll(async () => {
  await hub.uninstall();
  await closeDb();
});

const USDT = BigInt(10) ** BigInt(6);
let n = 0;

/** A player funded in `currency`, who opened the game: their token is what Hub88 was given. */
const launched = (currency = 'USDT', units = BigInt(100) * USDT) =>
  launchedPlayer(hub, game, `hub88-${(n += 1)}@example.com`, currency, units);

const available = async (userId: string, currency = 'USDT') =>
  BigInt(
    String(
      (
        await sqlRows(
          `SELECT coalesce(sum(balance), 0) AS b FROM ledger_accounts WHERE user_id = $1 AND currency = $2 AND kind = 'available'`,
          [userId, currency],
        )
      )[0]!.b,
    ),
  );
const count = async (table: string, where = 'true', params: unknown[] = []) =>
  Number((await sqlRows(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params))[0]!.n);

describe('Hub88 signatures', () => {
  it('refuses a forged signature and a body changed after signing, recording nothing', async () => {
    const p = await launched();
    const body = JSON.stringify({
      request_uuid: randomUUID(),
      user: p.userId,
      token: p.play.token,
      transaction_uuid: randomUUID(),
      round: 'r1',
      round_closed: false,
      game_code: game.code,
      currency: 'USDT',
      amount: 100_000,
    });
    const forger = rsaKeys();
    expect((await hub.raw('transaction/bet', body, signBody(body, forger.privateKey))).status).toBe(
      'RS_ERROR_INVALID_SIGNATURE',
    );
    const signed = signBody(body, hub.keys.privateKey);
    const changed = body.replace('"amount":100000', '"amount":900000');
    expect((await hub.raw('transaction/bet', changed, signed)).status).toBe(
      'RS_ERROR_INVALID_SIGNATURE',
    );
    expect((await hub.raw('transaction/bet', body, null)).status).toBe(
      'RS_ERROR_INVALID_SIGNATURE',
    );
    // The same bytes with a space more are another message.
    expect((await hub.raw('transaction/bet', ` ${body}`, signed)).status).toBe(
      'RS_ERROR_INVALID_SIGNATURE',
    );
    expect(await count('casino_transactions', 'user_id = $1', [p.userId])).toBe(0);
    expect(await available(p.userId)).toBe(BigInt(100) * USDT);
    // The genuine bytes pass.
    expect((await hub.raw('transaction/bet', body, signed)).status).toBe('RS_OK');
  });

  it('answers a body that is not the operation’s with a syntax or type status', async () => {
    const p = await launched();
    expect((await hub.send('transaction/bet', { user: p.userId })).status).toBe(
      'RS_ERROR_WRONG_SYNTAX',
    );
    const typed = await hub.send('transaction/bet', {
      user: p.userId,
      token: p.play.token,
      transaction_uuid: randomUUID(),
      round: 'r',
      round_closed: false,
      game_code: game.code,
      currency: 'USDT',
      amount: 1.5,
    });
    expect(typed.status).toBe('RS_ERROR_WRONG_TYPES');
    expect(await count('casino_transactions', 'user_id = $1', [p.userId])).toBe(0);
  });
});

describe('Hub88 answers', () => {
  it('echoes request_uuid, user and currency, and floors an 8-decimal balance to Hub88’s unit', async () => {
    // 1.23456789 TRX: Hub88 counts 10⁻⁵, so 123456 — never the 0.00000789 the player does not have.
    const p = await launched('TRX', BigInt(123_456_789));
    expect(p.play.currency).toBe('TRX');
    const answer = await hub.balance(p.userId, p.play.token, game.code);
    const sent = hub.sent.at(-1)!.body;
    expect(answer).toEqual({
      status: 'RS_OK',
      request_uuid: sent.request_uuid,
      user: p.userId,
      currency: 'TRX',
      balance: 123_456,
    });
    // A bet of 0.1 TRX maps exactly to 10⁷ minor units.
    const bet = await hub.bet({ ...p.play, amount: 10_000 });
    expect(bet).toMatchObject({ status: 'RS_OK', balance: 113_456, currency: 'TRX' });
    expect(await available(p.userId, 'TRX')).toBe(BigInt(113_456_789));
    const info = await hub.send('user/info', { user: p.userId });
    expect(info).toMatchObject({ status: 'RS_OK', user: p.userId });
  });

  it('a bet: the same id and body answer the first answer; another body is a duplicate', async () => {
    const p = await launched();
    const uuid = randomUUID();
    // 10 USDT (Hub88 counts 10⁻⁵): 90 left.
    const first = await hub.bet({ ...p.play, uuid, round: 'dup', amount: 1_000_000 });
    expect(first).toMatchObject({ status: 'RS_OK', balance: 9_000_000 });
    await hub.bet({ ...p.play, amount: 500_000 });
    const again = await hub.bet({ ...p.play, uuid, round: 'dup', amount: 1_000_000 });
    expect(again).toMatchObject({ status: 'RS_OK', balance: 9_000_000 });
    const other = await hub.bet({ ...p.play, uuid, round: 'dup', amount: 2_000_000 });
    expect(other.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await available(p.userId)).toBe(BigInt(85) * USDT);
  });

  it('a bet: protection first — a break, a wager limit, too little money — each with the balance', async () => {
    const limited = await launched();
    await setLimit(limited.userId, { kind: 'wager', period: 'day', amount: 5 });
    expect(await hub.bet({ ...limited.play, amount: 400_000 })).toMatchObject({ status: 'RS_OK' });
    expect(await hub.bet({ ...limited.play, amount: 200_000 })).toMatchObject({
      status: 'RS_ERROR_LIMIT_REACHED',
      balance: 9_600_000,
    });
    const poor = await launched('USDT', BigInt(1) * USDT);
    expect(await hub.bet({ ...poor.play, amount: 200_000 })).toMatchObject({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      balance: 100_000,
    });
    const resting = await launched();
    await startBreak(resting.userId, { kind: 'time-out', duration: '1d' });
    expect(await hub.bet({ ...resting.play, amount: 100_000 })).toMatchObject({
      status: 'RS_ERROR_USER_DISABLED',
      balance: 10_000_000,
    });
    // Refusals are remembered (a retry gets the same answer) and move nothing.
    expect(
      await count('casino_transactions', 'user_id = ANY($1) AND NOT refused', [
        [poor.userId, resting.userId],
      ]),
    ).toBe(0);
    expect(await available(poor.userId)).toBe(BigInt(1) * USDT);
    expect(await available(resting.userId)).toBe(BigInt(100) * USDT);
  });

  it('a refused bet sent again after a deposit gets its first answer; its rollback gives nothing back', async () => {
    const poor = await launched('USDT', BigInt(1) * USDT);
    const uuid = randomUUID();
    const bet = { ...poor.play, uuid, round: 'again', amount: 200_000 };
    expect((await hub.bet(bet)).status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    await fund(poor.userId, 'USDT', BigInt(10) * USDT, 'top-up');
    // The first answer, balance and all: the retry is the same request.
    expect(await hub.bet(bet)).toMatchObject({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      balance: 100_000,
    });
    expect((await hub.win({ ...poor.play, bet: uuid, round: 'again', amount: 100 })).status).toBe(
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    );
    expect((await hub.rollback({ ...poor.play, bet: uuid, round: 'again' })).status).toBe('RS_OK');
    expect(await available(poor.userId)).toBe(BigInt(11) * USDT);
  });

  it('a free bet is recorded and debits nothing; its win is paid', async () => {
    const p = await launched();
    const bet = randomUUID();
    const free = await hub.send('transaction/bet', {
      user: p.userId,
      token: p.play.token,
      transaction_uuid: bet,
      round: 'free-spin',
      round_closed: false,
      game_code: game.code,
      currency: 'USDT',
      amount: 500_000,
      is_free: true,
    });
    expect(free).toMatchObject({ status: 'RS_OK', balance: 10_000_000 });
    expect(
      await hub.win({ ...p.play, bet, round: 'free-spin', amount: 700_000, closed: true }),
    ).toMatchObject({ status: 'RS_OK', balance: 10_700_000 });
  });

  it('a bet on a revoked or expired session is refused; one used stays valid past the idle time', async () => {
    const out = await launched();
    await logoutRoute(request('POST', '/auth/logout', { token: out.token }));
    expect(await hub.bet({ ...out.play, amount: 100_000 })).toMatchObject({
      status: 'RS_ERROR_TOKEN_EXPIRED',
      balance: 10_000_000,
    });
    const idle = await launched();
    const age = (minutes: number, column: string) =>
      sqlRows(
        `UPDATE casino_sessions SET ${column} = now() - make_interval(mins => $1) WHERE user_id = $2`,
        [minutes, idle.userId],
      );
    // Launched 3 hours ago, last bet 20 minutes ago: still live (idle limit 30).
    await age(180, 'created_at');
    await age(20, 'last_bet_at');
    expect((await hub.bet({ ...idle.play, amount: 100_000 })).status).toBe('RS_OK');
    await age(31, 'last_bet_at');
    expect((await hub.bet({ ...idle.play, amount: 100_000 })).status).toBe(
      'RS_ERROR_TOKEN_EXPIRED',
    );
    const long = await launched();
    await sqlRows(
      `UPDATE casino_sessions SET created_at = now() - make_interval(hours => $1), last_bet_at = now() WHERE user_id = $2`,
      [config.GAME_SESSION_MAX_H, long.userId],
    );
    expect((await hub.bet({ ...long.play, amount: 100_000 })).status).toBe(
      'RS_ERROR_TOKEN_EXPIRED',
    );
    const unknown = await hub.bet({ ...long.play, token: 'not-a-token', amount: 100_000 });
    expect(unknown.status).toBe('RS_ERROR_INVALID_TOKEN');
  });

  it('a win lands after sign-out; a win for an unknown or rolled-back bet does not', async () => {
    const p = await launched();
    const bet = randomUUID();
    await hub.bet({ ...p.play, uuid: bet, round: 'w1', amount: 1_000_000 });
    await logoutRoute(request('POST', '/auth/logout', { token: p.token }));
    expect(await hub.win({ ...p.play, bet, round: 'w1', amount: 2_500_000 })).toMatchObject({
      status: 'RS_OK',
      balance: 11_500_000,
    });
    expect((await hub.win({ ...p.play, bet: randomUUID(), amount: 100 })).status).toBe(
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    );
    const lost = randomUUID();
    const q = await launched();
    await hub.bet({ ...q.play, uuid: lost, round: 'w2', amount: 1_000_000 });
    expect((await hub.rollback({ ...q.play, bet: lost, round: 'w2' })).status).toBe('RS_OK');
    expect((await hub.win({ ...q.play, bet: lost, round: 'w2', amount: 100 })).status).toBe(
      'RS_ERROR_TRANSACTION_ROLLED_BACK',
    );
    expect(await available(q.userId)).toBe(BigInt(100) * USDT);
  });

  it('a win: a retry gets its first answer and pays once; another body, another player’s bet, a win named as the bet, another currency are refused', async () => {
    const p = await launched();
    const bet = randomUUID();
    await hub.bet({ ...p.play, uuid: bet, round: 'wr', amount: 1_000_000 });
    // 100 − 10 + 5 (+ 1): a round that paid wins and was never rolled back is not flagged.
    const win = { ...p.play, uuid: randomUUID(), bet, round: 'wr', amount: 500_000 };
    expect(await hub.win(win)).toMatchObject({ status: 'RS_OK', balance: 9_500_000 });
    expect(await hub.win(win)).toMatchObject({ status: 'RS_OK', balance: 9_500_000 });
    expect((await hub.win({ ...win, amount: 600_000 })).status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    // A second win of the round (a free spin's), under its own id.
    expect(await hub.win({ ...win, uuid: randomUUID(), amount: 100_000 })).toMatchObject({
      status: 'RS_OK',
      balance: 9_600_000,
    });
    const q = await launched();
    expect((await hub.win({ ...q.play, bet, round: 'wr', amount: 100_000 })).status).toBe(
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    );
    expect((await hub.win({ ...p.play, bet: win.uuid, round: 'wr', amount: 100_000 })).status).toBe(
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    );
    const btc = await hub.send('transaction/win', {
      user: p.userId,
      token: p.play.token,
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: bet,
      round: 'wr',
      round_closed: false,
      game_code: game.code,
      currency: 'mBTC',
      amount: 100,
    });
    expect(btc.status).toBe('RS_ERROR_WRONG_CURRENCY');
    expect(await available(p.userId)).toBe(BigInt(96) * USDT);
    expect(await available(q.userId)).toBe(BigInt(100) * USDT);
    expect(
      await sqlRows(`SELECT flagged, wins::text AS wins FROM casino_rounds WHERE user_id = $1`, [
        p.userId,
      ]),
    ).toEqual([{ flagged: false, wins: '6000000' }]);
  });

  it('a bet naming one player with another’s token is refused, and neither balance moves', async () => {
    const p = await launched();
    const q = await launched();
    const crossed = await hub.bet({ ...p.play, token: q.play.token, amount: 1_000_000 });
    expect(crossed.status).toBe('RS_ERROR_INVALID_TOKEN');
    expect(await available(p.userId)).toBe(BigInt(100) * USDT);
    expect(await available(q.userId)).toBe(BigInt(100) * USDT);
    expect(await count('casino_transactions', 'user_id IN ($1, $2)', [p.userId, q.userId])).toBe(0);
  });

  it('a tombstone’s id is no win, and a win on the bet it stands for — or on a bet of nothing rolled back — is a rolled-back bet’s', async () => {
    const p = await launched();
    const unseen = randomUUID();
    expect((await hub.rollback({ ...p.play, bet: unseen, round: 'ts' })).status).toBe('RS_OK');
    expect((await hub.win({ ...p.play, bet: unseen, round: 'ts', amount: 100_000 })).status).toBe(
      'RS_ERROR_TRANSACTION_ROLLED_BACK',
    );
    const under = await hub.win({ ...p.play, uuid: unseen, bet: randomUUID(), amount: 100_000 });
    expect(under.status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    const nothing = randomUUID();
    await hub.bet({ ...p.play, uuid: nothing, round: 'zero', amount: 0 });
    expect((await hub.rollback({ ...p.play, bet: nothing, round: 'zero' })).status).toBe('RS_OK');
    expect(
      (await hub.win({ ...p.play, bet: nothing, round: 'zero', amount: 100_000 })).status,
    ).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await available(p.userId)).toBe(BigInt(100) * USDT);
  });

  it('a rollback before its bet leaves a tombstone: the bet that comes later is refused, nothing debited', async () => {
    const p = await launched();
    const bet = randomUUID();
    const rollback = randomUUID();
    const first = await hub.rollback({ ...p.play, uuid: rollback, bet, round: 'late' });
    expect(first).toMatchObject({ status: 'RS_OK', balance: 10_000_000 });
    expect((await hub.rollback({ ...p.play, uuid: rollback, bet, round: 'late' })).status).toBe(
      'RS_OK',
    );
    const late = await hub.bet({ ...p.play, uuid: bet, round: 'late', amount: 1_000_000 });
    expect(late).toMatchObject({ status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', balance: 10_000_000 });
    expect(await available(p.userId)).toBe(BigInt(100) * USDT);
  });

  it('a second rollback answers as the first, and gives the stake back once', async () => {
    const p = await launched();
    const bet = randomUUID();
    const rollback = randomUUID();
    await hub.bet({ ...p.play, uuid: bet, round: 'rb', amount: 3_000_000 });
    const first = await hub.rollback({ ...p.play, uuid: rollback, bet, round: 'rb' });
    expect(first).toMatchObject({ status: 'RS_OK', balance: 10_000_000 });
    await hub.bet({ ...p.play, round: 'other', amount: 1_000_000 });
    expect(await hub.rollback({ ...p.play, uuid: rollback, bet, round: 'rb' })).toMatchObject({
      status: 'RS_OK',
      balance: 10_000_000,
    });
    // Another rollback of the same bet moves nothing.
    await hub.rollback({ ...p.play, bet, round: 'rb' });
    expect(await available(p.userId)).toBe(BigInt(90) * USDT);
  });

  it('a rollback after its round paid a win gives the stake back once, keeps the win and flags the round', async () => {
    const p = await launched();
    const bet = randomUUID();
    await hub.bet({ ...p.play, uuid: bet, round: 'paid', amount: 2_000_000 });
    await hub.win({ ...p.play, bet, round: 'paid', amount: 5_000_000 });
    expect(await hub.rollback({ ...p.play, bet, round: 'paid' })).toMatchObject({
      status: 'RS_OK',
      balance: 15_000_000,
    });
    expect(await available(p.userId)).toBe(BigInt(150) * USDT);
    const [round] = await sqlRows(
      `SELECT flagged, rolled_back::text AS back FROM casino_rounds WHERE user_id = $1 AND ref = 'paid'`,
      [p.userId],
    );
    expect(round).toEqual({ flagged: true, back: '20000000' });
    expect(
      await count('player_flags', `user_id = $1 AND kind = 'casino_rollback_after_win'`, [
        p.userId,
      ]),
    ).toBe(1);
  });

  it('a zero bet or win is recorded on the round without a posting', async () => {
    const p = await launched();
    const postings = () => count('ledger_transactions', 'user_id = $1', [p.userId]);
    const before = await postings();
    const bet = randomUUID();
    expect(await hub.bet({ ...p.play, uuid: bet, round: 'free', amount: 0 })).toMatchObject({
      status: 'RS_OK',
      balance: 10_000_000,
    });
    expect(await hub.win({ ...p.play, bet, round: 'free', amount: 0, closed: true })).toMatchObject(
      {
        status: 'RS_OK',
      },
    );
    expect(await postings()).toBe(before);
    expect(await count('casino_transactions', 'user_id = $1', [p.userId])).toBe(2);
    const [round] = await sqlRows(`SELECT state FROM casino_rounds WHERE user_id = $1`, [p.userId]);
    expect(round).toEqual({ state: 'closed' });
  });

  it('20 bets at once on a balance that covers one: one is taken', async () => {
    const p = await launched('USDT', BigInt(1) * USDT);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => hub.bet({ ...p.play, amount: 80_000 })),
    );
    expect(answers.filter((a) => a.status === 'RS_OK')).toHaveLength(1);
    expect(answers.filter((a) => a.status === 'RS_ERROR_NOT_ENOUGH_MONEY')).toHaveLength(19);
    expect(await available(p.userId)).toBe(BigInt(200_000));
  });
});

describe('Hub88 refusals', () => {
  it('a bet of nothing during a break, in another game or currency than its session, or into a closed round', async () => {
    const resting = await launched();
    await startBreak(resting.userId, { kind: 'time-out', duration: '1d' });
    expect((await hub.bet({ ...resting.play, amount: 0 })).status).toBe('RS_ERROR_USER_DISABLED');

    const p = await launched();
    const [other] = await sqlRows(`SELECT game_id FROM games WHERE game_id <> $1 LIMIT 1`, [
      game.code,
    ]);
    expect(
      await hub.bet({ ...p.play, game: String(other!.game_id), amount: 100_000 }),
    ).toMatchObject({ status: 'RS_ERROR_INVALID_GAME', balance: 10_000_000 });
    expect(await hub.bet({ ...p.play, currency: 'mBTC', amount: 100 })).toMatchObject({
      status: 'RS_ERROR_WRONG_CURRENCY',
      currency: 'mBTC',
    });
    const bet = randomUUID();
    await hub.bet({ ...p.play, uuid: bet, round: 'shut', amount: 100_000, closed: true });
    // Refused with the balance (100 − 1), and remembered: a retry gets the same answer.
    const late = { ...p.play, uuid: randomUUID(), round: 'shut', amount: 100_000 };
    expect(await hub.bet(late)).toMatchObject({ status: 'RS_ERROR_UNKNOWN', balance: 9_900_000 });
    expect(await hub.bet(late)).toMatchObject({ status: 'RS_ERROR_UNKNOWN', balance: 9_900_000 });
    expect(
      await sqlRows(`SELECT refused, round_id FROM casino_transactions WHERE uuid = $1`, [
        late.uuid,
      ]),
    ).toEqual([{ refused: true, round_id: null }]);
    // A rollback names a bet: a win named is not one; a bet's rollback in another currency is refused.
    const win = randomUUID();
    await hub.win({ ...p.play, uuid: win, bet, round: 'shut', amount: 50_000 });
    expect((await hub.rollback({ ...p.play, bet: win, round: 'shut' })).status).toBe(
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    );
    const btc = await hub.send('transaction/rollback', {
      user: p.userId,
      token: p.play.token,
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: bet,
      round: 'shut',
      round_closed: false,
      game_code: game.code,
      currency: 'mBTC',
    });
    expect(btc.status).toBe('RS_ERROR_WRONG_CURRENCY');
    // Another player's bet is not found either.
    const q = await launched();
    expect((await hub.rollback({ ...q.play, bet, round: 'shut' })).status).toBe(
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    );
    // 100 − 1 + 0.5, nothing given back by the refused rollbacks.
    expect(await available(p.userId)).toBe(BigInt(99_500_000));
  });

  it('closes a round lost, refunded or won as its money says; a win after the close is a correction', async () => {
    const p = await launched();
    const status = async (ref: string) => {
      const [round] = await sqlRows(
        `SELECT id FROM casino_rounds WHERE user_id = $1 AND ref = $2`,
        [p.userId, ref],
      );
      const [event] = await sqlRows(
        `SELECT payload FROM domain_events WHERE aggregate = $1 AND type = 'bet.settled'`,
        [`bet:casino:${String(round!.id)}`],
      );
      return (event!.payload as { status: string }).status;
    };
    await hub.bet({ ...p.play, round: 'lost', amount: 100_000, closed: true });
    expect(await status('lost')).toBe('lost');
    const back = randomUUID();
    await hub.bet({ ...p.play, uuid: back, round: 'back', amount: 100_000 });
    await hub.rollback({ ...p.play, bet: back, round: 'back', closed: true });
    expect(await status('back')).toBe('refunded');
    const late = randomUUID();
    await hub.bet({ ...p.play, uuid: late, round: 'late-win', amount: 100_000, closed: true });
    expect(await status('late-win')).toBe('lost');
    // A late win that says the round closes (again): a correction, the round settled once.
    expect(
      await hub.win({ ...p.play, bet: late, round: 'late-win', amount: 300_000, closed: true }),
    ).toMatchObject({
      status: 'RS_OK',
    });
    const [round] = await sqlRows(
      `SELECT id, wins::text AS wins FROM casino_rounds WHERE user_id = $1 AND ref = 'late-win'`,
      [p.userId],
    );
    expect(round!.wins).toBe('3000000');
    const [adjusted] = await sqlRows(
      `SELECT payload FROM domain_events WHERE aggregate = $1 AND type = 'bet.adjusted'`,
      [`bet:casino:${String(round!.id)}`],
    );
    expect(adjusted!.payload).toMatchObject({ amount: '3000000', reason: 'late win' });
    expect(await checkLedger()).toEqual([]);
  });
});

describe('Hub88 rounds', () => {
  const settled = (roundId: string) =>
    sqlRows(`SELECT type, payload FROM domain_events WHERE aggregate = $1 ORDER BY sequence`, [
      `bet:casino:${roundId}`,
    ]);

  it('a round closes on the close flag with bet.settled at the game’s edge; a rollback after it is a correction', async () => {
    const p = await launched();
    const bet = randomUUID();
    await hub.bet({ ...p.play, uuid: bet, round: 'closing', amount: 1_000_000 });
    await hub.win({ ...p.play, bet, round: 'closing', amount: 3_000_000, closed: true });
    const [round] = await sqlRows(
      `SELECT id, state FROM casino_rounds WHERE user_id = $1 AND ref = 'closing'`,
      [p.userId],
    );
    expect(round!.state).toBe('closed');
    const events = await settled(String(round!.id));
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      product: 'casino',
      game: game.code,
      stake: { real: '10000000' },
      payout: { real: '30000000' },
      status: 'won',
      edgeBps: Math.round((100 - Number(game.rtp)) * 100),
    });
    const [record] = await sqlRows(
      `SELECT stake::text, payout::text, state FROM game_rounds WHERE product = 'casino' AND round_id = $1`,
      [String(round!.id)],
    );
    expect(record).toEqual({ stake: '10000000', payout: '30000000', state: 'settled' });
    // The game record lists it under the catalog game's name.
    const [{ name }] = (await sqlRows(`SELECT name FROM games WHERE game_id = $1`, [
      game.code,
    ])) as [{ name: string }];
    const listed = await gameRecord(p.userId, { limit: 20, product: 'casino' });
    expect(listed.data).toEqual([
      expect.objectContaining({
        gameName: name,
        amount: '10.000000',
        payout: '30.000000',
        state: 'settled',
      }),
    ]);
    await hub.rollback({ ...p.play, bet, round: 'closing' });
    const after = await settled(String(round!.id));
    expect(after.map((e) => e.type)).toEqual(['bet.settled', 'bet.adjusted']);
    expect(after[1]!.payload).toMatchObject({ amount: '10000000' });
  });

  it('a round the aggregator never closes is closed CASINO_ROUND_CLOSE_H after its last call', async () => {
    const p = await launched();
    await hub.bet({ ...p.play, round: 'open-ended', amount: 1_000_000 });
    expect(await closeStaleRounds()).toBe(0);
    await sqlRows(
      `UPDATE casino_rounds SET last_call_at = now() - make_interval(hours => $1) WHERE user_id = $2`,
      [config.CASINO_ROUND_CLOSE_H + 1, p.userId],
    );
    expect(await closeStaleRounds()).toBe(1);
    const [round] = await sqlRows(`SELECT state FROM casino_rounds WHERE user_id = $1`, [p.userId]);
    expect(round).toEqual({ state: 'closed' });
  });
  it('sweeps as a job: started with the server, it closes what is stale and queues its next pass', async () => {
    const sweeps = `name = 'casino.close-stale-rounds' AND state = 'created'`;
    const p = await launched();
    await hub.bet({ ...p.play, round: 'swept', amount: 1_000_000 });
    await sqlRows(
      `UPDATE casino_rounds SET last_call_at = now() - make_interval(hours => $1) WHERE user_id = $2`,
      [config.CASINO_ROUND_CLOSE_H + 1, p.userId],
    );
    await startRoundSweeps();
    // Its first pass starts a second after the server.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await drainJobs();
    const [round] = await sqlRows(`SELECT state FROM casino_rounds WHERE user_id = $1`, [p.userId]);
    expect(round).toEqual({ state: 'closed' });
    // The next pass, ten minutes on: one loop, not one per start.
    const [next] = await sqlRows(
      `SELECT round(extract(epoch FROM start_after - now()))::int AS after FROM pgboss.job WHERE ${sweeps}`,
    );
    expect(Number(next!.after)).toBeGreaterThan(590);
    expect(await count('pgboss.job', sweeps)).toBe(1);
  });
});

describe('Hub88 launch', () => {
  it('signs the game/url call; a guest plays for fun with no ledger row; another currency is refused', async () => {
    const p = await launched();
    const sent = hub.launches.at(-1)!;
    expect(sent).toMatchObject({
      path: '/operator/generic/v2/game/url',
      operator_id: 7,
      user: p.userId,
      currency: 'USDT',
      game_code: game.code,
      platform: 'GPL_DESKTOP',
    });
    expect(String(sent.token)).toHaveLength(43);
    // The token is kept as its hash only.
    expect(await count('casino_sessions', 'token_hash = $1', [String(sent.token)])).toBe(0);
    expect(p.launchUrl.startsWith(hub.origin)).toBe(true);

    const before = await count('ledger_transactions');
    const sessions = await count('casino_sessions');
    const guest = await call<{ mode: string; launchUrl: string }>(
      (req) => playRoute(req, { params: Promise.resolve({ slug: game.slug }) }),
      request('POST', `/games/${game.slug}/play`),
    );
    expect(guest.data?.mode).toBe('fun');
    expect(hub.launches.at(-1)).toMatchObject({ currency: 'XXX' });
    expect(hub.launches.at(-1)).not.toHaveProperty('token');
    expect(await count('ledger_transactions')).toBe(before);
    expect(await count('casino_sessions')).toBe(sessions);

    const doge = await fundedPlayer(`hub88-doge@example.com`, 'DOGE', BigInt(10) ** BigInt(9));
    await sqlRows(`UPDATE users SET navbar_currency = 'DOGE' WHERE id = $1`, [doge.userId]);
    const refused = await call(
      (req) => playRoute(req, { params: Promise.resolve({ slug: game.slug }) }),
      request('POST', `/games/${game.slug}/play`, { token: doge.token }),
    );
    expect(refused).toMatchObject({ status: 409, code: 'CASINO_CURRENCY_UNSUPPORTED' });
    expect(refused.error?.message).toContain('DOGE');
  });
});

describe('Hub88 scripted rounds', () => {
  it('1,000 rounds of bets, wins and rollbacks: the ledger and the aggregator agree to the unit', async () => {
    const players = await Promise.all(Array.from({ length: 5 }, () => launched()));
    const houseNow = async () =>
      BigInt(
        String(
          (
            await sqlRows(
              `SELECT coalesce(sum(balance), 0)::text AS b FROM ledger_accounts WHERE house = 'casino' AND currency = 'USDT'`,
            )
          )[0]!.b,
        ),
      );
    const houseBefore = await houseNow();
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    // Under `npm run mutate` (each mutant it covers runs it again) 60 rounds play every path.
    const rounds = process.env.MUTATE_DATABASE ? 60 : 1000;
    for (let r = 0; r < rounds; r += 1) {
      const p = players[r % players.length]!;
      const round = `script-${r}`;
      const bet = randomUUID();
      const stake = 1 + Math.floor(random() * 20) * 1000;
      const placed = await hub.bet({ ...p.play, uuid: bet, round, amount: stake });
      const roll = random();
      if (placed.status !== 'RS_OK') continue;
      if (roll < 0.1) {
        await hub.rollback({ ...p.play, bet, round, closed: true });
      } else {
        const won = roll < 0.5 ? Math.floor(stake * random() * 3) : 0;
        await hub.win({ ...p.play, bet, round, amount: won, closed: true });
        // A retry now and then, as the aggregator does on a timeout.
        if (roll > 0.95) await hub.win({ ...p.play, bet, round, amount: won, closed: true });
      }
    }
    for (const p of players) {
      const expected = BigInt(100) * USDT + BigInt(hub.netFor(p.userId)) * BigInt(10);
      expect(await available(p.userId)).toBe(expected);
    }
    // What the players lost the casino house account won, to the unit.
    const net = players.reduce((sum, p) => sum + hub.netFor(p.userId), 0);
    expect(await houseNow()).toBe(houseBefore - BigInt(net) * BigInt(10));
    expect(await checkLedger()).toEqual([]);
  }, 300_000);
});

describe('Hub88 records', () => {
  it('posts bets, wins and rollbacks under the aggregator’s scope, typed and described', async () => {
    const p = await launched();
    const [bet, win, kept, rollback] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await hub.bet({ ...p.play, uuid: bet, round: 'posted', amount: 100_000 });
    await hub.win({ ...p.play, uuid: win, bet, round: 'posted', amount: 50_000 });
    await hub.bet({ ...p.play, uuid: kept, round: 'posted', amount: 200_000 });
    await hub.rollback({ ...p.play, uuid: rollback, bet: kept, round: 'posted' });
    const rows = await sqlRows(
      `SELECT key, type, scope, meta FROM ledger_transactions WHERE user_id = $1 AND type <> 'deposit'
        ORDER BY created_at`,
      [p.userId],
    );
    const described = { game: game.code, round: 'posted' };
    expect(rows).toEqual([
      {
        key: `bet:${bet}`,
        type: 'bet',
        scope: 'casino:hub88',
        meta: expect.objectContaining(described),
      },
      {
        key: `win:${win}`,
        type: 'win',
        scope: 'casino:hub88',
        meta: expect.objectContaining({ ...described, bet }),
      },
      {
        key: `bet:${kept}`,
        type: 'bet',
        scope: 'casino:hub88',
        meta: expect.objectContaining(described),
      },
      {
        key: `rollback:${rollback}`,
        type: 'reversal',
        scope: 'casino:hub88',
        meta: expect.objectContaining({ ...described, bet: kept }),
      },
    ]);
    // The game record's open row: what was bet less what was given back, the aggregator's round.
    const [record] = await sqlRows(
      `SELECT g.stake::text, g.payout::text, g.fairness, r.flagged FROM game_rounds g
        JOIN casino_rounds r ON r.id::text = g.round_id WHERE r.user_id = $1 AND r.ref = 'posted'`,
      [p.userId],
    );
    expect(record).toEqual({
      stake: '1000000',
      payout: '500000',
      fairness: { provider: 'hub88', round: 'posted' },
      flagged: true,
    });
    // A stake rolled back after the round paid a win: the risk role sees which.
    const [flag] = await sqlRows(
      `SELECT source, details FROM player_flags WHERE user_id = $1 AND kind = 'casino_rollback_after_win'`,
      [p.userId],
    );
    expect(flag).toMatchObject({
      source: expect.stringMatching(/^casino:/),
      details: { provider: 'hub88', round: 'posted', bet: kept },
    });
  });

  it('flags nothing for a rollback in a round without a win; settles with the round’s shape', async () => {
    const p = await launched();
    const [first, second] = [randomUUID(), randomUUID()];
    await hub.bet({ ...p.play, uuid: first, round: 'partial', amount: 100_000 });
    await hub.bet({ ...p.play, uuid: second, round: 'partial', amount: 100_000 });
    await hub.rollback({ ...p.play, bet: second, round: 'partial', closed: true });
    const [round] = await sqlRows(
      `SELECT id, flagged FROM casino_rounds WHERE user_id = $1 AND ref = 'partial'`,
      [p.userId],
    );
    expect(round!.flagged).toBe(false);
    expect(await count('player_flags', 'user_id = $1', [p.userId])).toBe(0);
    const [event] = await sqlRows(
      `SELECT payload FROM domain_events WHERE aggregate = $1 AND type = 'bet.settled'`,
      [`bet:casino:${String(round!.id)}`],
    );
    // A stake still in the round: lost, not refunded.
    expect(event!.payload).toMatchObject({
      status: 'lost',
      stake: { real: '1000000' },
      shape: { provider: 'hub88', round: 'partial', flagged: false },
    });
    // A free bet's round closed without a win: nothing staked, nothing given back — lost.
    await hub.send('transaction/bet', {
      user: p.userId,
      token: p.play.token,
      transaction_uuid: randomUUID(),
      round: 'free-lost',
      round_closed: true,
      game_code: game.code,
      currency: 'USDT',
      amount: 100_000,
      is_free: true,
    });
    const [free] = await sqlRows(
      `SELECT e.payload FROM domain_events e JOIN casino_rounds r
        ON e.aggregate = 'bet:casino:' || r.id WHERE r.user_id = $1 AND r.ref = 'free-lost'`,
      [p.userId],
    );
    expect(free!.payload).toMatchObject({ status: 'lost', stake: { real: '0' } });
  });

  it('a win of nothing after the close corrects nothing; a loss limit refuses a bet', async () => {
    const p = await launched();
    const bet = randomUUID();
    await hub.bet({ ...p.play, uuid: bet, round: 'quiet', amount: 100_000, closed: true });
    expect((await hub.win({ ...p.play, bet, round: 'quiet', amount: 0 })).status).toBe('RS_OK');
    const [round] = await sqlRows(
      `SELECT id FROM casino_rounds WHERE user_id = $1 AND ref = 'quiet'`,
      [p.userId],
    );
    expect(
      await count('domain_events', `aggregate = $1 AND type = 'bet.adjusted'`, [
        `bet:casino:${String(round!.id)}`,
      ]),
    ).toBe(0);
    const limited = await launched();
    await setLimit(limited.userId, { kind: 'loss', period: 'day', amount: 5 });
    expect(await hub.bet({ ...limited.play, amount: 400_000 })).toMatchObject({ status: 'RS_OK' });
    expect(await hub.bet({ ...limited.play, amount: 200_000 })).toMatchObject({
      status: 'RS_ERROR_LIMIT_REACHED',
      balance: 9_600_000,
    });
  });
});
