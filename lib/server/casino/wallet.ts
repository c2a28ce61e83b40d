import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db';
import { casinoRounds, casinoTransactions, games, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { activeRestriction } from '@/lib/server/protection/restriction';
import { raiseFlag } from '@/lib/server/risk/flags';
import { post, type PostOptions, type Posted, type Tx } from '@/lib/server/wallet/ledger';
import { underPlayerLock } from '@/lib/server/wallet/player-lock';
import { adjustRound, openRound } from '@/lib/server/wallet/rounds';
import { closeRound } from './rounds';
import { touchSession, type CasinoSession } from './sessions';

/*
 * The seamless wallet, for any aggregator: it calls us for every bet, win and rollback, and the
 * ledger is the only balance. An adapter (./hub88) turns its protocol into these calls and their
 * answers back into its statuses. Every call runs under the player's row lock, so one player's
 * calls are ordered; each is recorded under the aggregator's transaction id, its first answer
 * kept for a retry.
 */

export type WalletError =
  | 'invalid_token'
  | 'token_expired'
  | 'user_disabled'
  | 'limit_reached'
  | 'not_enough_money'
  | 'duplicate'
  | 'rolled_back'
  | 'not_found'
  | 'wrong_currency'
  | 'invalid_game'
  | 'unknown';

/** What a call answers: the player's playable balance in the call's currency, minor units. */
export type WalletAnswer =
  { ok: true; balance: bigint } | { ok: false; error: WalletError; balance: bigint | null };

/** One money call, as the adapter read it. */
export type WalletCall = {
  provider: string;
  /** The aggregator's transaction id: the idempotency key. */
  uuid: string;
  userId: string;
  currency: string;
  gameCode: string;
  /** The aggregator's round id. */
  round: string;
  roundClosed: boolean;
  /** Minor units of the ledger (already mapped exactly by the adapter). */
  amount: bigint;
  /** A win's or rollback's bet. */
  reference?: string;
  /** A bet the aggregator funds (a free spin): recorded, nothing debited. */
  free?: boolean;
  /** What a retry must repeat, hashed by the adapter. */
  hash: string;
};

type TxRow = typeof casinoTransactions.$inferSelect;
type RoundRow = typeof casinoRounds.$inferSelect;

const scopeOf = (provider: string) => `casino:${provider}`;
const fail = (error: WalletError, balance: bigint | null = null): WalletAnswer => ({
  ok: false,
  error,
  balance,
});
const stored = (answer: WalletAnswer) =>
  answer.ok
    ? { ok: true, balance: answer.balance.toString() }
    : { ok: false, error: answer.error, balance: answer.balance?.toString() ?? null };
function restored(json: Record<string, unknown> | null): WalletAnswer {
  if (!json) return fail('unknown');
  const balance = json.balance === null ? null : BigInt(String(json.balance));
  return json.ok === true
    ? { ok: true, balance: balance! }
    : fail(json.error as WalletError, balance);
}

/** A call that met another call under the same id: its transaction is undone and it answers again. */
class Raced extends Error {}

/** The player's playable balance in a currency (0 when the account is not opened yet). */
export async function playableBalance(userId: string, currency: string, tx?: Tx): Promise<bigint> {
  const db = tx ?? (await getDb());
  const { rows } = (await db.execute(sql`
    SELECT balance FROM ledger_accounts
     WHERE user_id = ${userId}::uuid AND currency = ${currency} AND kind = 'available'`)) as {
    rows: Array<{ balance: string }>;
  };
  return BigInt(rows[0]?.balance ?? 0);
}

const balanceAfter = (posted: Posted, currency: string) =>
  posted.balances.find((b) => b.account.currency === currency && b.account.kind === 'available')
    ?.balance ?? BigInt(0);

async function transaction(provider: string, uuid: string, tx?: Tx): Promise<TxRow | null> {
  const db = tx ?? (await getDb());
  const [row] = await db
    .select()
    .from(casinoTransactions)
    .where(and(eq(casinoTransactions.provider, provider), eq(casinoTransactions.uuid, uuid)));
  return row ?? null;
}

/**
 * A call under an id already recorded: a tombstone refuses the bet it stands for, the same
 * request gets its first answer, anything else under the id is a duplicate.
 */
function replay(row: TxRow, call: WalletCall, kind: TxRow['kind']): WalletAnswer {
  if (row.tombstone) return kind === 'bet' ? fail('rolled_back') : fail('duplicate');
  if (row.kind !== kind || row.requestHash !== call.hash) return fail('duplicate');
  return restored(row.answer);
}

/** The game's edge in basis points: 1 − its RTP (a catalog text such as "96.50"). */
async function edgeOf(gameCode: string, tx: Tx): Promise<number | null> {
  const [game] = await tx.select({ rtp: games.rtp }).from(games).where(eq(games.gameId, gameCode));
  if (!game) return null;
  const rtp = Number.parseFloat(game.rtp);
  return Number.isFinite(rtp) ? Math.max(0, Math.round((100 - rtp) * 100)) : 0;
}

/** The call's round, opened on its first bet (and its game record row with it). */
async function roundFor(tx: Tx, call: WalletCall, edgeBps: number): Promise<RoundRow> {
  const [made] = await tx
    .insert(casinoRounds)
    .values({
      provider: call.provider,
      ref: call.round,
      userId: call.userId,
      gameCode: call.gameCode,
      currency: call.currency,
      edgeBps,
    })
    .onConflictDoNothing()
    .returning();
  if (made) {
    await openRound(tx, {
      product: 'casino',
      game: call.gameCode,
      roundId: made.id,
      userId: call.userId,
      currency: call.currency,
      stake: BigInt(0),
      fairness: { provider: call.provider, round: call.round },
    });
    return made;
  }
  const [found] = await tx
    .select()
    .from(casinoRounds)
    .where(
      and(
        eq(casinoRounds.provider, call.provider),
        eq(casinoRounds.userId, call.userId),
        eq(casinoRounds.gameCode, call.gameCode),
        eq(casinoRounds.ref, call.round),
      ),
    );
  return found!;
}

/** Records the call under its id, or undoes its transaction when another got there first. */
async function record(
  tx: Tx,
  call: WalletCall,
  row: { kind: TxRow['kind']; roundId: string | null; answer: WalletAnswer; refused?: boolean },
): Promise<void> {
  const made = await tx
    .insert(casinoTransactions)
    .values({
      provider: call.provider,
      uuid: call.uuid,
      kind: row.kind,
      userId: call.userId,
      roundId: row.roundId,
      currency: call.currency,
      amount: call.amount,
      reference: call.reference ?? null,
      requestHash: call.hash,
      answer: stored(row.answer),
      refused: row.refused ?? false,
    })
    .onConflictDoNothing()
    .returning({ id: casinoTransactions.id });
  if (!made.length) throw new Raced();
}

/** Moves a round's totals and its game record row (stake so far, paid so far). */
async function addToRound(
  tx: Tx,
  round: RoundRow,
  add: { bets?: bigint; wins?: bigint; rolledBack?: bigint; flagged?: boolean },
): Promise<void> {
  const bets = add.bets ?? BigInt(0);
  const wins = add.wins ?? BigInt(0);
  const back = add.rolledBack ?? BigInt(0);
  await tx.execute(sql`
    WITH moved AS (
      UPDATE casino_rounds SET bets = bets + ${bets.toString()}::numeric,
        wins = wins + ${wins.toString()}::numeric,
        rolled_back = rolled_back + ${back.toString()}::numeric,
        flagged = flagged OR ${add.flagged ?? false}, last_call_at = now()
       WHERE id = ${round.id}::uuid AND state = 'open')
    UPDATE game_rounds SET stake = stake + ${(bets - back).toString()}::numeric,
      payout = payout + ${wins.toString()}::numeric
     WHERE product = 'casino' AND round_id = ${round.id} AND state = 'open'`);
}

/**
 * Runs a money call: `work` under the player's lock (in the posting's transaction when money
 * moves), and a call that raced another under its id answers as a retry of it.
 */
async function run(
  call: WalletCall,
  kind: TxRow['kind'],
  work: () => Promise<WalletAnswer | null>,
): Promise<WalletAnswer> {
  // Twice at most: a call that raced another finds, the second time, what the other recorded.
  for (let attempt = 0; ; attempt += 1) {
    const earlier = await transaction(call.provider, call.uuid);
    if (earlier) {
      const again = replay(earlier, call, kind);
      // A refusal is answered with the balance as it is now.
      if (again.ok || again.balance !== null) return again;
      return fail(again.error, await playableBalance(call.userId, call.currency));
    }
    try {
      // Null: the posting's key was taken by the same call running beside this one (a replay).
      const answer = await work();
      if (answer) return answer;
      if (attempt > 0) return fail('unknown');
    } catch (error) {
      const raced =
        error instanceof Raced ||
        (error instanceof ApiError && error.code === 'IDEMPOTENCY_KEY_REUSED');
      if (!raced || attempt > 0) throw error;
    }
  }
}

async function playerState(userId: string) {
  const db = await getDb();
  const [player] = await db
    .select({
      status: users.status,
      restriction: users.restriction,
      restrictedUntil: users.restrictedUntil,
    })
    .from(users)
    .where(eq(users.id, userId));
  return player ?? null;
}

/** Why a refused posting was refused, as the wallet says it (the balance added by the caller). */
function refusal(error: unknown): WalletError | null {
  if (!(error instanceof ApiError)) return null;
  switch (error.code) {
    case 'PLAY_RESTRICTED':
      return 'user_disabled';
    case 'WAGER_LIMIT_REACHED':
    case 'LOSS_LIMIT_REACHED':
      return 'limit_reached';
    case 'INSUFFICIENT_FUNDS':
      return 'not_enough_money';
    default:
      return null;
  }
}

/** A call refused under the lock: its transaction is undone and it answers this. */
class Refused extends Error {
  constructor(readonly reason: WalletError) {
    super(reason);
  }
}

/**
 * A refused bet is remembered with its answer (it moved nothing): a retry under its id gets the
 * same refusal, and a rollback of it gives nothing back. Null when a call under the id came first.
 */
async function rememberRefusal(
  call: WalletCall,
  answer: WalletAnswer,
): Promise<WalletAnswer | null> {
  const db = await getDb();
  const made = await db
    .insert(casinoTransactions)
    .values({
      provider: call.provider,
      uuid: call.uuid,
      kind: 'bet',
      userId: call.userId,
      currency: call.currency,
      amount: BigInt(0),
      requestHash: call.hash,
      answer: stored(answer),
      refused: true,
    })
    .onConflictDoNothing()
    .returning({ id: casinoTransactions.id });
  return made.length ? answer : null;
}

/**
 * A bet (player → the `casino` house account): protection first (a break or closure, then a
 * wager or loss limit and the balance, in the posting), then a live session of this player, game
 * and currency. A refusal moves nothing and is remembered with its answer, each with the balance.
 * A free bet (the aggregator's own promotion) is recorded and debits nothing.
 */
export async function placeBet(call: WalletCall, session: CasinoSession): Promise<WalletAnswer> {
  return run(call, 'bet', async () => {
    if (session.userId !== call.userId) return fail('invalid_token');
    const player = await playerState(call.userId);
    if (!player) return fail('invalid_token');
    const answer = await takeBet(call, session, player);
    return answer.ok ? answer : rememberRefusal(call, answer);
  });
}

async function takeBet(
  call: WalletCall,
  session: CasinoSession,
  player: NonNullable<Awaited<ReturnType<typeof playerState>>>,
): Promise<WalletAnswer> {
  const balance = () => playableBalance(call.userId, call.currency);
  if (player.status !== 'active' || activeRestriction(player)) {
    return fail('user_disabled', await balance());
  }
  if (session.currency !== call.currency) return fail('wrong_currency', await balance());
  if (session.gameCode !== call.gameCode) return fail('invalid_game', await balance());
  const stake = call.free ? BigInt(0) : call.amount;
  const write = async (tx: Tx, answer: () => Promise<WalletAnswer>) => {
    if (!(await touchSession(tx, session.id))) throw new Refused('token_expired');
    const edge = await edgeOf(call.gameCode, tx);
    if (edge === null) throw new Refused('invalid_game');
    const round = await roundFor(tx, call, edge);
    if (round.currency !== call.currency) throw new Refused('wrong_currency');
    if (round.state !== 'open') throw new Refused('unknown');
    const given = await answer();
    await record(tx, { ...call, amount: stake }, { kind: 'bet', roundId: round.id, answer: given });
    await addToRound(tx, round, { bets: stake });
    if (call.roundClosed) await closeRound(tx, round.id);
    return given;
  };
  try {
    if (stake === BigInt(0)) {
      return await underPlayerLock(call.userId, (tx) =>
        write(tx, async () => ({
          ok: true,
          balance: await playableBalance(call.userId, call.currency, tx),
        })),
      );
    }
    let given: WalletAnswer = fail('unknown');
    const me = { userId: call.userId, currency: call.currency };
    const house = { house: 'casino' as const, currency: call.currency };
    const posted = await post(
      {
        type: 'bet',
        scope: scopeOf(call.provider),
        key: `bet:${call.uuid}`,
        userId: call.userId,
        lines: [
          { account: me, amount: -stake },
          { account: house, amount: stake },
        ],
        meta: { game: call.gameCode, round: call.round, hash: call.hash },
      },
      {
        inTransaction: async (tx, _id, done) => {
          given = await write(tx, async () => ({
            ok: true,
            balance: balanceAfter(done, call.currency),
          }));
        },
      },
    );
    // A replay: the same bet running beside this one took the key; `run` reads its answer.
    if (posted.replayed) throw new Raced();
    return given;
  } catch (error) {
    if (error instanceof Refused) return fail(error.reason, await balance());
    const refused = refusal(error);
    if (refused) return fail(refused, await balance());
    throw error;
  }
}

/**
 * The `casino` house account pays the player: a win (`win`), or a stake given back (`reversal`),
 * keyed by the call's transaction id under the aggregator's scope.
 */
function payPlayer(
  call: WalletCall,
  kind: 'win' | 'rollback',
  currency: string,
  amount: bigint,
  options: PostOptions,
) {
  return post(
    {
      type: kind === 'win' ? 'win' : 'reversal',
      scope: scopeOf(call.provider),
      key: `${kind}:${call.uuid}`,
      userId: call.userId,
      lines: [
        { account: { house: 'casino', currency }, amount: -amount },
        { account: { userId: call.userId, currency }, amount },
      ],
      meta: { game: call.gameCode, round: call.round, bet: call.reference, hash: call.hash },
    },
    options,
  );
}

/** The bet a win or rollback names, if it is this player's. */
async function betOf(call: WalletCall, tx?: Tx): Promise<TxRow | null> {
  if (!call.reference) return null;
  const bet = await transaction(call.provider, call.reference, tx);
  return bet && bet.kind === 'bet' && bet.userId === call.userId ? bet : null;
}

async function roundById(tx: Tx, id: string): Promise<RoundRow> {
  const [round] = await tx.select().from(casinoRounds).where(eq(casinoRounds.id, id));
  return round!;
}

/**
 * A win (the `casino` house account → player) for a bet we took: whatever became of the session
 * (a win may come after sign-out or expiry), never for a bet rolled back or never seen. A win in
 * a round already closed corrects it (`bet.adjusted`).
 */
export async function payWin(call: WalletCall): Promise<WalletAnswer> {
  return run(call, 'win', async () => {
    const bet = await betOf(call);
    // A bet refused moved nothing: there is nothing to win on.
    if (!bet || bet.refused) {
      return fail('not_found', await playableBalance(call.userId, call.currency));
    }
    if (bet.tombstone || bet.rolledBackAt) {
      return fail('rolled_back', await playableBalance(call.userId, call.currency));
    }
    if (bet.currency !== call.currency) {
      return fail('wrong_currency', await playableBalance(call.userId, call.currency));
    }
    const write = async (tx: Tx, answer: () => Promise<WalletAnswer>) => {
      const current = await betOf(call, tx);
      // A rollback of the bet came first, under the same lock.
      if (current?.rolledBackAt) throw new Raced();
      const round = await roundById(tx, bet.roundId!);
      const given = await answer();
      await record(tx, call, { kind: 'win', roundId: round.id, answer: given });
      if (round.state === 'open') {
        await addToRound(tx, round, { wins: call.amount });
        if (call.roundClosed) await closeRound(tx, round.id);
      } else {
        await tx
          .update(casinoRounds)
          .set({ wins: sql`${casinoRounds.wins} + ${call.amount.toString()}::numeric` })
          .where(eq(casinoRounds.id, round.id));
        if (call.amount > BigInt(0)) {
          await adjustRound(tx, {
            product: 'casino',
            roundId: round.id,
            userId: call.userId,
            currency: call.currency,
            amount: call.amount,
            reason: 'late win',
          });
        }
      }
      return given;
    };
    if (call.amount === BigInt(0)) {
      return underPlayerLock(call.userId, (tx) =>
        write(tx, async () => ({
          ok: true,
          balance: await playableBalance(call.userId, call.currency, tx),
        })),
      );
    }
    let given: WalletAnswer | null = null;
    await payPlayer(call, 'win', call.currency, call.amount, {
      inTransaction: async (tx, _id, posted) => {
        given = await write(tx, async () => ({
          ok: true,
          balance: balanceAfter(posted, call.currency),
        }));
      },
    });
    return given;
  });
}

/**
 * A rollback gives a bet's stake back once. A bet never seen is remembered as a tombstone under
 * its id (so it is refused if it comes later) and the rollback answers OK; a bet already rolled
 * back answers OK moving nothing. A stake rolled back after its round paid a win leaves the win:
 * the round is flagged for the risk role. After the round closed it is a correction.
 */
export async function rollBack(call: WalletCall): Promise<WalletAnswer> {
  return run(call, 'rollback', async () => {
    const ok = async (tx: Tx): Promise<WalletAnswer> => ({
      ok: true,
      balance: await playableBalance(call.userId, call.currency, tx),
    });
    const bet = call.reference ? await transaction(call.provider, call.reference) : null;
    if (bet && (bet.kind !== 'bet' || bet.userId !== call.userId)) {
      return fail('not_found', await playableBalance(call.userId, call.currency));
    }
    if (bet && bet.currency !== call.currency) {
      return fail('wrong_currency', await playableBalance(call.userId, call.currency));
    }
    if (!bet || bet.tombstone || bet.rolledBackAt || bet.amount === BigInt(0)) {
      return underPlayerLock(call.userId, async (tx) => {
        if (!bet) {
          const made = await tx
            .insert(casinoTransactions)
            .values({
              provider: call.provider,
              uuid: call.reference!,
              kind: 'bet',
              userId: call.userId,
              currency: call.currency,
              amount: BigInt(0),
              requestHash: '',
              tombstone: true,
              rolledBackAt: sql`now()`,
            })
            .onConflictDoNothing()
            .returning({ id: casinoTransactions.id });
          // The bet came in meanwhile: this rollback is run again and finds it.
          if (!made.length) throw new Raced();
        } else {
          // A stake of nothing given back: marked once, by this conditional statement.
          await tx
            .update(casinoTransactions)
            .set({ rolledBackAt: sql`now()` })
            .where(and(eq(casinoTransactions.id, bet.id), isNull(casinoTransactions.rolledBackAt)));
        }
        const given = await ok(tx);
        await record(tx, call, { kind: 'rollback', roundId: bet?.roundId ?? null, answer: given });
        // Nothing moved, but the call still counts for its round: its last call, its close.
        if (bet?.roundId) {
          const round = await roundById(tx, bet.roundId);
          await addToRound(tx, round, {});
          if (call.roundClosed) await closeRound(tx, round.id);
        }
        return given;
      });
    }
    let given: WalletAnswer | null = null;
    await payPlayer(call, 'rollback', bet.currency, bet.amount, {
      inTransaction: async (tx, _id, posted) => {
        // The one statement that gives this stake back: a second rollback finds it set.
        const moved = await tx
          .update(casinoTransactions)
          .set({ rolledBackAt: sql`now()` })
          .where(and(eq(casinoTransactions.id, bet.id), isNull(casinoTransactions.rolledBackAt)))
          .returning({ id: casinoTransactions.id });
        if (!moved.length) throw new Raced();
        const round = await roundById(tx, bet.roundId!);
        const afterWin = round.wins > BigInt(0);
        given = { ok: true, balance: balanceAfter(posted, bet.currency) };
        await record(tx, call, { kind: 'rollback', roundId: round.id, answer: given });
        if (round.state === 'open') {
          await addToRound(tx, round, { rolledBack: bet.amount, flagged: afterWin });
          if (call.roundClosed) await closeRound(tx, round.id);
        } else {
          await tx
            .update(casinoRounds)
            .set({
              rolledBack: sql`${casinoRounds.rolledBack} + ${bet.amount.toString()}::numeric`,
              flagged: sql`${casinoRounds.flagged} OR ${afterWin}`,
            })
            .where(eq(casinoRounds.id, round.id));
          await adjustRound(tx, {
            product: 'casino',
            roundId: round.id,
            userId: call.userId,
            currency: bet.currency,
            amount: bet.amount,
            reason: 'stake rolled back',
          });
        }
        if (afterWin) {
          await raiseFlag(
            {
              userId: call.userId,
              kind: 'casino_rollback_after_win',
              source: `casino:${round.id}`,
              details: { provider: call.provider, round: round.ref, bet: bet.uuid },
            },
            tx,
          );
        }
      },
    });
    return given;
  });
}
