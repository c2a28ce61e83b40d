import 'server-only';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/lib/server/db';
import { casinoTransactions } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { activeRestriction } from '@/lib/server/protection/restriction';
import { raiseFlag } from '@/lib/server/risk/flags';
import { post, type PlayerBalance, type Posting, type Tx } from '@/lib/server/wallet/ledger';
import { underPlayerLock } from '@/lib/server/wallet/player-lock';
import { adjustRound } from '@/lib/server/wallet/rounds';
import { callContext, type CallContext, type CallSession, type Recorded } from './lookup';
import { rowsOf, type CallRows, type RowSet } from './call-rows';
import { postCall } from './group-commit';
import { settleClosed, type ClosedRound } from './rounds';
import { liveSession } from './sessions';

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

type Kind = Recorded['kind'];

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

/** A call refused under the lock: its transaction is undone and it answers this. */
class Refused extends Error {
  constructor(readonly reason: WalletError) {
    super(reason);
  }
}

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

/** The playable balance among a posting's balances after it. */
const availableIn = (balances: PlayerBalance[], currency: string) =>
  balances.find((b) => b.account.currency === currency && b.account.kind === 'available')
    ?.balance ?? BigInt(0);

/** What the wallet reads before the lock, keyed as the call names it. */
export const keysOf = (call: WalletCall) => ({
  provider: call.provider,
  userId: call.userId,
  token: null,
  uuid: call.uuid,
  reference: call.reference ?? null,
  gameCode: call.gameCode,
});

/**
 * A call under an id already recorded: a tombstone refuses the bet it stands for, the same
 * request gets its first answer, anything else under the id is a duplicate.
 */
function replay(row: Recorded, call: WalletCall, kind: Kind): WalletAnswer {
  if (row.tombstone) return kind === 'bet' ? fail('rolled_back') : fail('duplicate');
  if (row.kind !== kind || row.requestHash !== call.hash) return fail('duplicate');
  return restored(row.answer);
}

/** The game's edge in basis points: 1 − its RTP (a catalog text such as "96.50"). */
function edgeOf(rtp: string): number {
  const value = Number.parseFloat(rtp);
  return Number.isFinite(value) ? Math.max(0, Math.round((100 - value) * 100)) : 0;
}

type Round = ClosedRound & { state: 'open' | 'closed' };
type RoundJson = Omit<Round, 'bets' | 'wins' | 'rolledBack'> & {
  bets: string;
  wins: string;
  rolledBack: string;
};
const roundJson = sql`json_build_object('id', id, 'provider', provider, 'ref', ref,
  'userId', user_id, 'gameCode', game_code, 'currency', currency, 'bets', bets::text,
  'wins', wins::text, 'rolledBack', rolled_back::text, 'edgeBps', edge_bps, 'state', state,
  'flagged', flagged)`;
const toRound = (json: RoundJson): Round => ({
  ...json,
  bets: BigInt(json.bets),
  wins: BigInt(json.wins),
  rolledBack: BigInt(json.rolledBack),
});

/**
 * A call's own rows: its input to the set-based parts of its kind (`call-rows.ts`), written beside
 * the posting that moves its money (the posting's `alongside`, no round trip of their own) or
 * alone when no money moves. `read` checks what they found and throws to undo the transaction.
 */
type Rows<T> = { set: RowSet; input: Record<string, unknown>; read: (found: unknown) => T };

/** `rows` beside a posting; what they read is handed to `keep` for the posting's hook. */
function beside<T>(rows: Rows<T>, keep: (result: T) => void): CallRows {
  return { set: rows.set, input: rows.input, keep: (found) => keep(rows.read(found)) };
}

async function writeRows<T>(tx: Tx, rows: Rows<T>): Promise<T> {
  let result: T | undefined;
  const { parts, value, check } = rowsOf([beside(rows, (r) => (result = r))]);
  const { rows: found } = (await tx.execute(sql`
    WITH ${sql.join(parts, sql`, `)} SELECT ${value} AS value`)) as {
    rows: Array<{ value: unknown }>;
  };
  check(found[0]!.value);
  return result!;
}

/** A call's record under its id with its first answer: the input every set's record part reads. */
const recordOf = (call: WalletCall, kind: Kind, answer: WalletAnswer) => ({
  provider: call.provider,
  uuid: call.uuid,
  kind,
  user_id: call.userId,
  currency: call.currency,
  amount: call.amount.toString(),
  reference: call.reference ?? null,
  hash: call.hash,
  answer: stored(answer),
});

/** The input columns `recordOf` gives (and `n`), as `json_to_recordset` reads them. */
const recordColumns = sql.raw(`n int, provider text, uuid text, kind text, user_id uuid,
  currency text, amount numeric, reference text, hash text, answer jsonb`);

/**
 * Each call recorded under its id with its first answer, as part `<set>_recorded` (a call under
 * an id taken first is not: its `recorded` is false). `roundIds` names the part with each call's
 * round (`n`, `id`), or null for none.
 */
const recordedPart = (set: string, roundIds: SQL | null) => sql`
  ${sql.raw(set)}_recorded AS (
    INSERT INTO casino_transactions (provider, uuid, kind, user_id, round_id, currency, amount,
      reference, request_hash, answer)
    SELECT v.provider, v.uuid, v.kind, v.user_id, ${roundIds ? sql`r.id` : sql`v.round_id`},
      v.currency, v.amount, v.reference, v.hash, v.answer
    FROM ${sql.raw(set)}_in v ${roundIds ? sql`LEFT JOIN ${roundIds} r ON r.n = v.n` : sql``}
    ON CONFLICT DO NOTHING
    RETURNING provider, uuid)`;

/** Whether the call `v` was recorded by its set's record part. */
const recordedBy = (set: string) =>
  sql`EXISTS (SELECT 1 FROM ${sql.raw(set)}_recorded r
    WHERE r.provider = v.provider AND r.uuid = v.uuid)`;

/** What a call's rows did to its round: as it is now, whether it was open, whether this closed it. */
type Moved = { round: Round | null; wasOpen: boolean; closes: boolean };

/** The round a call's rows closed, to settle in its transaction. */
const closedBy = (moved: Moved | null): ClosedRound | null =>
  moved?.closes && moved.round ? moved.round : null;

const settleIfClosed = (tx: Tx, moved: Moved) => {
  const round = closedBy(moved);
  return round ? settleClosed(tx, round) : Promise.resolve();
};

/**
 * Bets' rows (every bet pays each round trip): a bet uses its session — the idle clock moves
 * only while the session is live, so a bet never revives an expired or revoked one — finds its
 * round or makes it on its first bet (with its game record row), adds the stake (and the close the
 * call asks for), and records the call under its id with its answer.
 */
const betSet: RowSet = {
  name: 'bet',
  columns: sql`${recordColumns}, session_id uuid, game_code text, ref text, edge_bps int,
    close boolean, fairness jsonb`,
  parts: (inputs) => [
    sql`bet_in AS ${inputs}`,
    sql`bet_live AS (
      UPDATE casino_sessions SET last_bet_at = clock_timestamp()
      FROM bet_in v
       WHERE casino_sessions.id = v.session_id AND ${liveSession}
      RETURNING v.n)`,
    sql`bet_found AS (
      SELECT v.n, r.* FROM bet_in v
        JOIN casino_rounds r ON r.provider = v.provider AND r.user_id = v.user_id
         AND r.game_code = v.game_code AND r.ref = v.ref)`,
    sql`bet_made AS (
      INSERT INTO casino_rounds (provider, ref, user_id, game_code, currency, edge_bps, bets, state,
        closed_at)
      SELECT v.provider, v.ref, v.user_id, v.game_code, v.currency, v.edge_bps, v.amount,
        CASE WHEN v.close THEN 'closed' ELSE 'open' END, CASE WHEN v.close THEN now() END
      FROM bet_in v JOIN bet_live l ON l.n = v.n
       WHERE NOT EXISTS (SELECT 1 FROM bet_found f WHERE f.n = v.n)
      RETURNING *)`,
    // A round is made by one call at most: its key is the call's.
    sql`bet_made_by AS (
      SELECT v.n, m.* FROM bet_made m
        JOIN bet_in v ON m.provider = v.provider AND m.user_id = v.user_id
         AND m.game_code = v.game_code AND m.ref = v.ref)`,
    sql`bet_moved AS (
      UPDATE casino_rounds r SET bets = r.bets + v.amount, last_call_at = now(),
        state = CASE WHEN v.close THEN 'closed' ELSE r.state END,
        closed_at = CASE WHEN v.close THEN now() ELSE r.closed_at END
      FROM bet_in v JOIN bet_found f ON f.n = v.n JOIN bet_live l ON l.n = v.n
       WHERE r.id = f.id AND f.state = 'open' AND f.currency = v.currency
      RETURNING v.n, r.*)`,
    sql`bet_opened AS (
      INSERT INTO game_rounds (product, game, round_id, user_id, currency, stake, state, fairness)
      SELECT 'casino', m.game_code, m.id::text, m.user_id, m.currency, v.amount, 'open', v.fairness
      FROM bet_made_by m JOIN bet_in v ON v.n = m.n)`,
    sql`bet_staked AS (
      UPDATE game_rounds g SET stake = g.stake + v.amount
      FROM bet_moved m JOIN bet_in v ON v.n = m.n
       WHERE g.product = 'casino' AND g.round_id = m.id::text AND g.state = 'open')`,
    // One of the two at most: a round is made only when none was found.
    recordedPart('bet', sql`(SELECT n, id FROM bet_made_by UNION ALL SELECT n, id FROM bet_moved)`),
  ],
  value: sql`(SELECT json_agg(json_build_object(
      'live', EXISTS (SELECT 1 FROM bet_live l WHERE l.n = v.n),
      'found', (SELECT ${roundJson} FROM bet_found f WHERE f.n = v.n),
      'made', (SELECT ${roundJson} FROM bet_made_by m WHERE m.n = v.n),
      'moved', (SELECT ${roundJson} FROM bet_moved m WHERE m.n = v.n),
      'recorded', ${recordedBy('bet')}) ORDER BY v.n)
    FROM bet_in v)`,
};

/** A bet's rows (`betSet`); what they found is checked after: a refusal throws. */
function betRows(
  call: WalletCall,
  sessionId: string,
  edgeBps: number,
  given: WalletAnswer,
): Rows<Moved> {
  const close = call.roundClosed;
  const input = {
    ...recordOf(call, 'bet', given),
    session_id: sessionId,
    game_code: call.gameCode,
    ref: call.round,
    edge_bps: edgeBps,
    close,
    fairness: { provider: call.provider, round: call.round },
  };
  type Found = {
    live: boolean;
    found: RoundJson | null;
    made: RoundJson | null;
    moved: RoundJson | null;
    recorded: boolean;
  };
  const read = (json: unknown): Moved => {
    const { live, found, made, moved, recorded } = json as Found;
    if (!live) throw new Refused('token_expired');
    // Under the player's lock a live session always has its round: made now, or made before.
    const before = (made ?? found)!;
    if (before.currency !== call.currency) throw new Refused('wrong_currency');
    // A round made now is born open (closed by this bet at most); one found must still be open.
    if (found && found.state !== 'open') throw new Refused('unknown');
    // Another call got the id first: it is answered as a retry of that one.
    if (!recorded) throw new Raced();
    return { round: toRound((made ?? moved)!), wasOpen: true, closes: close };
  };
  return { set: betSet, input, read };
}

type Move = {
  kind: Kind;
  roundId: string | null;
  answer: WalletAnswer;
  bets?: bigint;
  wins?: bigint;
  rolledBack?: bigint;
  /** A rollback: the round is flagged when it has already paid a win. */
  flagIfWon?: boolean;
  /** A win: its bet, which must not have been rolled back meanwhile (under the same lock). */
  betId?: string;
};

/**
 * The rows of calls after their bets': each is recorded under its id and moves its round — the
 * totals, the game record row while the round is open, and the close the call asks for.
 */
const moveSet: RowSet = {
  name: 'move',
  columns: sql`${recordColumns}, round_id uuid, bets numeric, wins numeric,
    rolled_back numeric, flag_if_won boolean, close boolean, bet_id uuid`,
  parts: (inputs) => [
    sql`move_in AS ${inputs}`,
    recordedPart('move', null),
    sql`move_before AS (
      SELECT v.n, r.state FROM move_in v JOIN casino_rounds r ON r.id = v.round_id)`,
    sql`move_moved AS (
      UPDATE casino_rounds r SET bets = r.bets + v.bets, wins = r.wins + v.wins,
        rolled_back = r.rolled_back + v.rolled_back,
        flagged = r.flagged OR (v.flag_if_won AND r.wins > 0),
        last_call_at = now(),
        state = CASE WHEN v.close THEN 'closed' ELSE r.state END,
        closed_at = CASE WHEN v.close AND r.state = 'open' THEN now() ELSE r.closed_at END
      FROM move_in v
       WHERE r.id = v.round_id
      RETURNING v.n, r.*)`,
    sql`move_shown AS (
      UPDATE game_rounds g SET stake = g.stake + (v.bets - v.rolled_back),
        payout = g.payout + v.wins
      FROM move_in v
       WHERE g.product = 'casino' AND g.round_id = v.round_id::text AND g.state = 'open')`,
  ],
  value: sql`(SELECT json_agg(json_build_object(
      'recorded', ${recordedBy('move')},
      'was', (SELECT b.state FROM move_before b WHERE b.n = v.n),
      'round', (SELECT ${roundJson} FROM move_moved m WHERE m.n = v.n),
      'rolledBack', EXISTS (SELECT 1 FROM casino_transactions t
        WHERE t.id = v.bet_id AND t.rolled_back_at IS NOT NULL)) ORDER BY v.n)
    FROM move_in v)`,
};

/**
 * A call's rows after its bet's (`moveSet`). Undoes its transaction (Raced) when another call got
 * the id first or the bet a win names was rolled back first.
 */
function moveRows(call: WalletCall, m: Move): Rows<Moved> {
  const zero = BigInt(0);
  const close = call.roundClosed;
  const input = {
    ...recordOf(call, m.kind, m.answer),
    round_id: m.roundId,
    bets: (m.bets ?? zero).toString(),
    wins: (m.wins ?? zero).toString(),
    rolled_back: (m.rolledBack ?? zero).toString(),
    flag_if_won: m.flagIfWon ?? false,
    close,
    bet_id: m.betId ?? null,
  };
  type Found = {
    recorded: boolean;
    was: string | null;
    round: RoundJson | null;
    rolledBack: boolean;
  };
  const read = (json: unknown): Moved => {
    const found = json as Found;
    if (!found.recorded || found.rolledBack) throw new Raced();
    const round = found.round && toRound(found.round);
    const wasOpen = found.was === 'open';
    return { round, wasOpen, closes: close && wasOpen };
  };
  return { set: moveSet, input, read };
}

/** `moveRows` alone (no money moves, or after the posting's own checks), the round settled if closed. */
async function moveRound(tx: Tx, call: WalletCall, m: Move): Promise<Moved> {
  const moved = await writeRows(tx, moveRows(call, m));
  await settleIfClosed(tx, moved);
  return moved;
}

/**
 * Runs a money call: `work` under the player's lock (in the posting's transaction when money
 * moves), and a call that raced another under its id answers as a retry of it. `known` is what
 * the adapter already read for the call (the same lookup): the first attempt uses it.
 */
async function run(
  call: WalletCall,
  kind: Kind,
  known: CallContext | undefined,
  work: (context: CallContext) => Promise<WalletAnswer | null>,
): Promise<WalletAnswer> {
  // Twice at most: a call that raced another finds, the second time, what the other recorded.
  for (let attempt = 0; ; attempt += 1) {
    const context = attempt === 0 && known ? known : await callContext(keysOf(call));
    if (context.earlier) {
      const again = replay(context.earlier, call, kind);
      // A refusal is answered with the balance as it is now.
      if (again.ok || again.balance !== null) return again;
      return fail(again.error, await playableBalance(call.userId, call.currency));
    }
    try {
      // Null: the posting's key was taken by the same call running beside this one (a replay).
      const answer = await work(context);
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
export async function placeBet(
  call: WalletCall,
  session: CallSession,
  known?: CallContext,
): Promise<WalletAnswer> {
  return run(call, 'bet', known, async ({ player, rtp }) => {
    if (session.userId !== call.userId || !player) return fail('invalid_token');
    const answer = await takeBet(call, session, player, rtp);
    return answer.ok ? answer : rememberRefusal(call, answer);
  });
}

async function takeBet(
  call: WalletCall,
  session: CallSession,
  player: NonNullable<CallContext['player']>,
  rtp: string | null,
): Promise<WalletAnswer> {
  const balance = () => playableBalance(call.userId, call.currency);
  if (player.status !== 'active' || activeRestriction(player)) {
    return fail('user_disabled', await balance());
  }
  if (session.currency !== call.currency) return fail('wrong_currency', await balance());
  // A game of another session, or one the catalog no longer lists.
  if (session.gameCode !== call.gameCode || rtp === null) {
    return fail('invalid_game', await balance());
  }
  const stake = call.free ? BigInt(0) : call.amount;
  const rows = (given: WalletAnswer) =>
    betRows({ ...call, amount: stake }, session.id, edgeOf(rtp), given);
  try {
    if (stake === BigInt(0)) {
      return await underPlayerLock(call.userId, async (tx) => {
        const given: WalletAnswer = {
          ok: true,
          balance: await playableBalance(call.userId, call.currency, tx),
        };
        await settleIfClosed(tx, await writeRows(tx, rows(given)));
        return given;
      });
    }
    let given: WalletAnswer = fail('unknown');
    let moved: Moved | null = null;
    const me = { userId: call.userId, currency: call.currency };
    const house = { house: 'casino' as const, currency: call.currency };
    const posted = await postCall({
      posting: {
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
      // The bet's rows go in the statement that writes the entries, its answer the balance after.
      rows: (balances) => {
        given = { ok: true, balance: availableIn(balances, call.currency) };
        return beside(rows(given), (result) => {
          moved = result;
        });
      },
      closing: () => closedBy(moved),
    });
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
function payment(
  call: WalletCall,
  kind: 'win' | 'rollback',
  currency: string,
  amount: bigint,
): Posting & { userId: string } {
  return {
    type: kind === 'win' ? 'win' : 'reversal',
    scope: scopeOf(call.provider),
    key: `${kind}:${call.uuid}`,
    userId: call.userId,
    lines: [
      { account: { house: 'casino', currency }, amount: -amount },
      { account: { userId: call.userId, currency }, amount },
    ],
    meta: { game: call.gameCode, round: call.round, bet: call.reference, hash: call.hash },
  };
}

/** Money a call moves in its bet's round after the round closed: a correction (`bet.adjusted`). */
const correctClosed = (tx: Tx, bet: Recorded, amount: bigint, reason: string) =>
  adjustRound(tx, {
    product: 'casino',
    roundId: bet.roundId!,
    userId: bet.userId,
    currency: bet.currency,
    amount,
    reason,
  });

/** The bet a win names, if it is this player's. */
const betOf = (call: WalletCall, referenced: Recorded | null): Recorded | null =>
  referenced && referenced.kind === 'bet' && referenced.userId === call.userId ? referenced : null;

/**
 * A win (the `casino` house account → player) for a bet we took: whatever became of the session
 * (a win may come after sign-out or expiry), never for a bet rolled back or never seen. A win in
 * a round already closed corrects it (`bet.adjusted`).
 */
export async function payWin(call: WalletCall, known?: CallContext): Promise<WalletAnswer> {
  return run(call, 'win', known, async ({ referenced }) => {
    const bet = betOf(call, referenced);
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
    const rows = (given: WalletAnswer) =>
      moveRows(call, {
        kind: 'win',
        roundId: bet.roundId,
        answer: given,
        wins: call.amount,
        betId: bet.id,
      });
    if (call.amount === BigInt(0)) {
      return underPlayerLock(call.userId, async (tx) => {
        const given: WalletAnswer = {
          ok: true,
          balance: await playableBalance(call.userId, call.currency, tx),
        };
        // A win of nothing moves no money: nothing to correct in a round already closed.
        await settleIfClosed(tx, await writeRows(tx, rows(given)));
        return given;
      });
    }
    let given: WalletAnswer | null = null;
    let moved: Moved | null = null;
    const posted = await postCall({
      posting: payment(call, 'win', call.currency, call.amount),
      // The win's rows go in the statement that writes the entries, its answer the balance after.
      rows: (balances) => {
        given = { ok: true, balance: availableIn(balances, call.currency) };
        return beside(rows(given), (result) => {
          moved = result;
        });
      },
      closing: () => closedBy(moved),
      after: async (tx) => {
        if (!moved!.wasOpen) await correctClosed(tx, bet, call.amount, 'late win');
      },
    });
    // A replay (the same win beside this one took the key): `run` reads its answer. A batch that
    // failed may have set `given` before this call went alone.
    return posted.replayed ? null : given;
  });
}

/**
 * A rollback gives a bet's stake back once. A bet never seen is remembered as a tombstone under
 * its id (so it is refused if it comes later) and the rollback answers OK; a bet already rolled
 * back answers OK moving nothing. A stake rolled back after its round paid a win leaves the win:
 * the round is flagged for the risk role. After the round closed it is a correction.
 */
export async function rollBack(call: WalletCall, known?: CallContext): Promise<WalletAnswer> {
  return run(call, 'rollback', known, async ({ referenced: bet }) => {
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
        const given: WalletAnswer = {
          ok: true,
          balance: await playableBalance(call.userId, call.currency, tx),
        };
        // Nothing moved, but the call still counts for its round: its last call, its close.
        await moveRound(tx, call, {
          kind: 'rollback',
          roundId: bet?.roundId ?? null,
          answer: given,
        });
        return given;
      });
    }
    let given: WalletAnswer | null = null;
    await post(payment(call, 'rollback', bet.currency, bet.amount), {
      inTransaction: async (tx, _id, posted) => {
        // The one statement that gives this stake back: a second rollback finds it set.
        const moved = await tx
          .update(casinoTransactions)
          .set({ rolledBackAt: sql`now()` })
          .where(and(eq(casinoTransactions.id, bet.id), isNull(casinoTransactions.rolledBackAt)))
          .returning({ id: casinoTransactions.id });
        if (!moved.length) throw new Raced();
        given = { ok: true, balance: availableIn(posted.balances, bet.currency) };
        const { round, wasOpen } = await moveRound(tx, call, {
          kind: 'rollback',
          roundId: bet.roundId,
          answer: given,
          rolledBack: bet.amount,
          flagIfWon: true,
        });
        if (!wasOpen) await correctClosed(tx, bet, bet.amount, 'stake rolled back');
        if (round!.wins > BigInt(0)) {
          await raiseFlag(
            {
              userId: call.userId,
              kind: 'casino_rollback_after_win',
              source: `casino:${round!.id}`,
              details: { provider: call.provider, round: round!.ref, bet: bet.uuid },
            },
            tx,
          );
        }
      },
    });
    return given;
  });
}
