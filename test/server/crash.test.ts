/**
 * Crash through its route handlers and its engine's steps on a fresh embedded database: joining
 * with the stake held, cash-outs judged by the database's clock against the bust instant (the gap
 * before the engine writes the bust included), auto cash-outs, the bust, a takeover that aborts
 * and refunds, and every revealed hash checked against the commitment.
 */
import { POST as cashoutRoute } from '@/app/api/v1/originals/crash/bets/[id]/cashout/route';
import { POST as joinRoute } from '@/app/api/v1/originals/crash/bets/route';
import { GET as stateRoute } from '@/app/api/v1/originals/crash/route';
import { config } from '@/lib/config';
import { bustAfterMs, crashPointUnits, isGameHash } from '@/lib/fairness/crash';
import type { CrashBet, CrashState } from '@/lib/schemas/crash';
import { closeDb } from '@/lib/server/db';
import { activeChain, gameHashOf } from '@/lib/server/originals/crash/chain';
import {
  bustRound,
  openNextRound,
  startRound,
  takeOver,
  tickRound,
} from '@/lib/server/originals/crash/engine';
import { roundSecrets, type RoundRow } from '@/lib/server/originals/crash/secrets';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { call, request, withId } from './helpers/api';
import { balanceOf, sqlRows } from './helpers/races';
import { fundedPlayer } from './helpers/wallet';

const mutable = config as Record<string, unknown>;
mutable.CRASH_CHAIN_LENGTH = 25_000;
// Long enough for a join under a loaded machine (the tests wait for each start).
mutable.CRASH_BETTING_MS = 2500;

afterAll(() => closeDb());

const UNIT = BigInt(10) ** BigInt(6);
let n = 0;
const funded = () => fundedPlayer(`crash${(n += 1)}@example.com`, 'USDT', BigInt(100) * UNIT);
let keys = 0;
const join = (token: string, body: Record<string, unknown> = {}) =>
  call<CrashBet>(
    joinRoute,
    request('POST', '/originals/crash/bets', {
      token,
      body: { currency: 'USDT', amount: '10', idempotencyKey: `crash-key-${(keys += 1)}`, ...body },
    }),
  );
const cashOut = (token: string, id: string) =>
  call<CrashBet>(
    withId(cashoutRoute, id),
    request('POST', `/originals/crash/bets/${id}/cashout`, { token }),
  );
const state = async (token?: string) =>
  (await call<CrashState>(stateRoute, request('GET', '/originals/crash', { token }))).data!;

const rows = sqlRows;
const balance = (userId: string, kind: string) => balanceOf(userId, kind);
const settledEvent = async (betId: string) =>
  (
    await rows(
      `SELECT payload FROM domain_events WHERE aggregate = $1 AND type = 'bet.settled' ORDER BY created_at DESC`,
      [`bet:originals:${betId}`],
    )
  ).map((r) => r.payload as Record<string, unknown>);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Opens the next round whose crash point is within [min, max] hundredths: the chain's next game
 * moved past the ones that are not (what a test may do, never the engine).
 */
async function roundCrashingIn(min: number, max: number): Promise<RoundRow> {
  const chain = await activeChain();
  const [{ next }] = (await rows(`SELECT next_game AS next FROM crash_chains WHERE id = $1`, [
    chain.id,
  ])) as [{ next: number }];
  for (let game = next; game <= chain.length; game += 1) {
    const units = crashPointUnits(await gameHashOf(chain, game), chain.salt!, chain.edgeBps);
    if (units >= min && units <= max) {
      await rows(`UPDATE crash_chains SET next_game = $1 WHERE id = $2`, [game, chain.id]);
      return (await openNextRound())!;
    }
  }
  throw new Error('no such game left in the chain');
}

/** Waits until the round's start, then starts it. */
async function run(round: RoundRow) {
  await sleep(round.startsAt.getTime() - Date.now() + 20);
  expect(await startRound(round)).toBe(true);
}

/** Waits until the bust instant, then writes the bust. */
async function bust(round: RoundRow) {
  const { bustMs } = await roundSecrets(round);
  await sleep(bustMs - Date.now() + 20);
  expect(await bustRound(round)).toBe(true);
}

describe('Crash', () => {
  // A test that failed midway leaves no round live for the next: a new leader ends it.
  afterEach(() => takeOver());

  it('commits to its chain before any round: the commitment on the page and in the audit log', async () => {
    const chain = await activeChain();
    const shown = await state();
    expect(shown.commitment).toMatchObject({
      chainId: chain.id,
      terminatingHash: chain.terminatingHash,
      length: 25_000,
      edgeBps: 100,
      saltKind: 'demo',
      saltHeight: null,
    });
    const audit = await rows(`SELECT action, target, after FROM operator_audit WHERE action = $1`, [
      'crash.chain.commit',
    ]);
    expect(audit).toEqual([
      expect.objectContaining({ target: `crash-chain:${chain.id}`, after: shown.commitment }),
    ]);
    // Asked again, the same chain: one is in play at a time.
    expect((await activeChain()).id).toBe(chain.id);
  });

  it('takes a bet while the round takes bets: the stake held, one bet a player, retries answered', async () => {
    const round = await roundCrashingIn(200, 100_000);
    const { userId, token } = await funded();
    const first = await join(token, { idempotencyKey: 'crash-join-once', autoCashout: 1.5 });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({
      roundId: round.id,
      amount: '10.000000',
      state: 'open',
      autoUnits: 150,
    });
    expect(await balance(userId, 'available')).toBe(BigInt(90) * UNIT);
    expect(await balance(userId, 'stake')).toBe(BigInt(10) * UNIT);
    const again = await join(token, { idempotencyKey: 'crash-join-once', autoCashout: 1.5 });
    expect(again.data!.id).toBe(first.data!.id);
    const changed = await join(token, { idempotencyKey: 'crash-join-once', autoCashout: 2 });
    expect(changed).toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    const second = await join(token);
    expect(second).toMatchObject({ status: 409, code: 'CRASH_ALREADY_IN' });
    expect(second.error?.message).toBe('You already have a bet in this round.');
    // The round's players, for everyone; my bet, for me.
    const seen = await state(token);
    expect(seen.round).toMatchObject({
      id: round.id,
      state: 'betting',
      crashUnits: null,
      hash: null,
    });
    expect(seen.round!.players.map((p) => p.id)).toEqual([first.data!.id]);
    expect(seen.mine).toMatchObject({ id: first.data!.id });
    // Not yet running: a cash-out is refused, and changes nothing.
    const early = await cashOut(token, first.data!.id);
    expect(early).toMatchObject({ status: 409, code: 'CRASH_NOT_STARTED' });
    await run(round);
    // Bets are closed once it starts.
    const late = await join((await funded()).token);
    expect(late).toMatchObject({ status: 409, code: 'CRASH_BETTING_CLOSED' });
    expect(late.error?.message).toBe('Bets for this round are closed. Wait for the next round.');
    // The curve passes 1.50×: the auto cash-out pays exactly its target.
    await tickRound(round, 151);
    const paid = (await state(token)).mine!;
    expect(paid).toMatchObject({ state: 'cashed_out', cashedUnits: 150, payout: '15.000000' });
    expect(await balance(userId, 'available')).toBe(BigInt(105) * UNIT);
    expect(await balance(userId, 'stake')).toBe(BigInt(0));
    expect((await settledEvent(first.data!.id))[0]).toMatchObject({
      product: 'originals',
      game: 'crash',
      status: 'cashed_out',
      stake: { real: String(BigInt(10) * UNIT), bonus: '0' },
      payout: { real: String(BigInt(15) * UNIT), bonus: '0' },
      edgeBps: 100,
    });
    // Ended by a leader taking over (nothing left open to refund), so that the next test can play.
    await takeOver();
    expect((await state()).round).toMatchObject({ id: round.id, state: 'aborted' });
  }, 60_000);

  it('pays a cash-out at the curve when the clock is before the bust, and never after it', async () => {
    const round = await roundCrashingIn(120, 160);
    const { crashUnits, bustMs } = await roundSecrets(round);
    const early = await funded();
    const late = await funded();
    const earlyBet = (await join(early.token)).data!;
    const lateBet = (await join(late.token)).data!;
    await run(round);
    const taken = await cashOut(early.token, earlyBet.id);
    expect(taken.status).toBe(200);
    const units = taken.data!.cashedUnits!;
    expect(units).toBeGreaterThanOrEqual(100);
    expect(units).toBeLessThan(crashUnits);
    expect(taken.data!.payout).toBe(((10 * units) / 100).toFixed(6));
    // Asked twice (a double click): the same cash-out, paid once.
    expect((await cashOut(early.token, earlyBet.id)).data).toEqual(taken.data);
    // The gap: the bust instant has passed, the engine has not written the bust yet.
    await sleep(bustMs - Date.now() + 30);
    const gap = await cashOut(late.token, lateBet.id);
    expect(gap).toMatchObject({ status: 409, code: 'CRASH_TOO_LATE' });
    expect(gap.error?.message).toBe('Too late: the round crashed before your cash-out arrived.');
    expect(await balance(late.userId, 'stake')).toBe(BigInt(10) * UNIT);
    expect(await bustRound(round)).toBe(true);
    const after = await cashOut(late.token, lateBet.id);
    expect(after).toMatchObject({ status: 409, code: 'CRASH_TOO_LATE' });
    expect(await balance(late.userId, 'stake')).toBe(BigInt(0));
    expect(await balance(late.userId, 'available')).toBe(BigInt(90) * UNIT);
    expect((await settledEvent(lateBet.id))[0]).toMatchObject({
      status: 'lost',
      payout: { real: '0', bonus: '0' },
    });
    // Revealed: the hash proves the game against the commitment and gives its crash point.
    const shown = await state();
    const past = shown.history.find((r) => r.id === round.id)!;
    expect(past.crashUnits).toBe(crashUnits);
    expect(isGameHash(past.hash!, past.game, shown.commitment!.terminatingHash)).toBe(true);
    expect(crashPointUnits(past.hash!, shown.commitment!.salt!, shown.commitment!.edgeBps)).toBe(
      crashUnits,
    );
    expect(bustMs - round.startsAt.getTime()).toBeCloseTo(bustAfterMs(crashUnits), 2);
  }, 60_000);

  it('writes the bust no earlier than its instant; an auto target under the crash point is paid even if no tick passed it', async () => {
    const round = await roundCrashingIn(110, 130);
    const { crashUnits } = await roundSecrets(round);
    const under = await funded();
    const over = await funded();
    const underBet = (await join(under.token, { autoCashout: 1.01 })).data!;
    const overBet = (await join(over.token, { autoCashout: 50 })).data!;
    await run(round);
    expect(await bustRound(round)).toBe(false);
    await bust(round);
    const shown = (await state()).round!;
    expect(shown).toMatchObject({ state: 'busted', crashUnits });
    const byId = new Map(shown.players.map((p) => [p.id, p]));
    expect(byId.get(underBet.id)).toMatchObject({
      state: 'cashed_out',
      cashedUnits: 101,
      payout: '10.100000',
    });
    expect(byId.get(overBet.id)).toMatchObject({ state: 'busted', cashedUnits: null });
    expect(await balance(under.userId, 'available')).toBe(BigInt(100_100_000));
  }, 60_000);

  it('refuses what it cannot take, with nothing moved: a reused key, a small stake, an unknown currency, another’s bet', async () => {
    const round = await roundCrashingIn(200, 100_000);
    const { userId, token } = await funded();
    const first = (await join(token, { idempotencyKey: 'crash-refusals', amount: '2' })).data!;
    for (const changed of [{ amount: '3' }, { currency: 'USDC' }, { autoCashout: 3 }]) {
      const again = await join(token, {
        idempotencyKey: 'crash-refusals',
        amount: '2',
        ...changed,
      });
      expect(again).toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    }
    const small = await join((await funded()).token, { amount: '0.001' });
    expect(small).toMatchObject({ status: 400, code: 'BET_BELOW_MINIMUM' });
    expect(small.error?.message).toBe(
      'The smallest bet is 0.010000 USDT. Bet more, or bet 0 to play for free.',
    );
    const unknown = await join((await funded()).token, { currency: 'NOPE' });
    expect(unknown).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    const stranger = await funded();
    expect(await cashOut(stranger.token, first.id)).toMatchObject({ status: 404 });
    expect(await balance(userId, 'available')).toBe(BigInt(98) * UNIT);
    expect((await state()).round!.players.map((p) => p.id)).toEqual([first.id]);
    expect(round.id).toBe(first.roundId);
  }, 60_000);

  it('a bet of nothing plays the same, with no money moved, and its event says what it was', async () => {
    const round = await roundCrashingIn(200, 100_000);
    const { userId, token } = await funded();
    const free = (await join(token, { amount: '0', autoCashout: 1.5 })).data!;
    expect(await balance(userId, 'stake')).toBe(BigInt(0));
    await run(round);
    await tickRound(round, 150);
    expect((await state(token)).mine).toMatchObject({
      id: free.id,
      state: 'cashed_out',
      cashedUnits: 150,
      payout: '0.000000',
    });
    expect(await balance(userId, 'available')).toBe(BigInt(100) * UNIT);
    expect((await settledEvent(free.id))[0]).toMatchObject({
      status: 'cashed_out',
      stake: { real: '0', bonus: '0' },
      payout: { real: '0', bonus: '0' },
      shape: { multiplier: 1.5, auto: 1.5 },
    });
  }, 60_000);

  it('caps: a bet leaves by itself where its payout reaches the maximum win; the round cap cashes everyone out', async () => {
    const round = await roundCrashingIn(200, 100_000);
    const capped = await funded();
    const big = (await join(capped.token, { amount: '10' })).data!;
    const [x, y] = [await funded(), await funded()];
    const xBet = (await join(x.token, { amount: '5' })).data!;
    const yBet = (await join(y.token, { amount: '5' })).data!;
    await run(round);
    const before = { max: config.MAX_WIN_USD, round: config.CRASH_ROUND_MAX_PAYOUT_USD };
    try {
      // The most one bet may pay: 15 USD, so a 10 USDT stake leaves at 1.50× by itself.
      mutable.MAX_WIN_USD = 15;
      await tickRound(round, 140);
      expect((await state(capped.token)).mine).toMatchObject({ id: big.id, state: 'open' });
      await tickRound(round, 151);
      expect((await state(capped.token)).mine).toMatchObject({
        state: 'cashed_out',
        cashedUnits: 150,
        payout: '15.000000',
      });
      // The round's cap: 15 paid, plus 5 + 5 owed at the curve, reaches 26 USD at 1.10×.
      mutable.CRASH_ROUND_MAX_PAYOUT_USD = 26;
      await tickRound(round, 105);
      expect((await state(x.token)).mine).toMatchObject({ id: xBet.id, state: 'open' });
      await tickRound(round, 110);
      for (const [who, bet] of [
        [x, xBet],
        [y, yBet],
      ] as const) {
        expect((await state(who.token)).mine).toMatchObject({
          id: bet.id,
          state: 'cashed_out',
          cashedUnits: 110,
          payout: '5.500000',
        });
      }
    } finally {
      mutable.MAX_WIN_USD = before.max;
      mutable.CRASH_ROUND_MAX_PAYOUT_USD = before.round;
    }
  }, 60_000);

  it('a new leader aborts the live round, refunds its open bets once, and never replays its game', async () => {
    const round = await roundCrashingIn(300, 100_000);
    const a = await funded();
    const b = await funded();
    const aBet = (await join(a.token)).data!;
    const bBet = (await join(b.token, { amount: '0' })).data!;
    await run(round);
    await takeOver();
    await takeOver();
    const [row] = await rows(`SELECT state FROM crash_rounds WHERE id = $1`, [round.id]);
    expect(row).toEqual({ state: 'aborted' });
    expect(await balance(a.userId, 'available')).toBe(BigInt(100) * UNIT);
    expect(await balance(a.userId, 'stake')).toBe(BigInt(0));
    expect(await settledEvent(aBet.id)).toEqual([expect.objectContaining({ status: 'refunded' })]);
    expect(await settledEvent(bBet.id)).toEqual([expect.objectContaining({ status: 'refunded' })]);
    // The refund cannot be followed by a cash-out.
    expect(await cashOut(a.token, aBet.id)).toMatchObject({ status: 200 });
    expect((await cashOut(a.token, aBet.id)).data).toMatchObject({ state: 'refunded' });
    const next = (await openNextRound())!;
    expect(next.game).toBe(round.game + 1);
    await takeOver();
    expect(await checkLedger()).toEqual([]);
  }, 60_000);

  it('a Bitcoin salt: the chain is committed before its block is mined, and plays once the block hash is given', async () => {
    await rows(`UPDATE crash_chains SET active = 0`);
    mutable.CRASH_SALT_HEIGHT = 900_000;
    try {
      const committed = await activeChain();
      expect(committed).toMatchObject({ saltKind: 'bitcoin', saltHeight: 900_000, salt: null });
      expect((await state()).commitment).toMatchObject({ salt: null, saltHeight: 900_000 });
      expect(await openNextRound()).toBeNull();
      mutable.CRASH_SALT = 'ab'.repeat(32);
      const salted = await activeChain();
      expect(salted).toMatchObject({ id: committed.id, salt: 'ab'.repeat(32) });
      expect((await activeChain()).salt).toBe('ab'.repeat(32));
      const audited = await rows(
        `SELECT action FROM operator_audit WHERE target = $1 ORDER BY created_at`,
        [`crash-chain:${committed.id}`],
      );
      expect(audited.map((r) => r.action)).toEqual(['crash.chain.commit', 'crash.chain.salt']);
      const first = (await openNextRound())!;
      expect(first.game).toBe(1);
      await takeOver();
    } finally {
      delete mutable.CRASH_SALT;
      delete mutable.CRASH_SALT_HEIGHT;
    }
  });
});
