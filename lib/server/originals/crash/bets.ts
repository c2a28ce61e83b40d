import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { crashUnitsAt } from '@/lib/fairness/crash';
import type { CrashBet, CrashJoin } from '@/lib/schemas/crash';
import { toHundredths } from '@/lib/schemas/originals';
import { getDb } from '@/lib/server/db';
import { crashBets, crashRounds } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import type { Player } from '@/lib/server/players/store';
import { cachedPrecision, formatMinor, parseMinor } from '@/lib/server/wallet/amounts';
import { postMany, type Line, type Posting, type Tx } from '@/lib/server/wallet/ledger';
import { underPlayerLock } from '@/lib/server/wallet/player-lock';
import { currentRates } from '@/lib/server/wallet/rates';
import { openRound, settleRound } from '@/lib/server/wallet/rounds';
import { betLimits } from '../limits';
import { announcePlayer } from './events';
import { roundSecrets, type RoundRow } from './secrets';
import { betView, type BetRow } from './view';

/*
 * Crash's money, one bet at a time:
 * - join (only while the round takes bets, judged by the database's clock): the stake moves from
 *   the player's balance to their `stake` balance (a `bet`), the bet row and its open round
 *   written in that transaction;
 * - close — a cash-out, the bust, or a refund when a round is aborted: the bet row moves from
 *   open by one conditional UPDATE, and in the same transaction the stake balance goes to the
 *   house (or back, for a refund), the payout to the player, the round settled and `bet.settled`.
 * A cash-out asked by the player counts iff the database's clock at its UPDATE is before the
 * round's bust instant, whether or not the engine has written the bust yet.
 */

const scopeOf = (userId: string) => `crash:${userId}`;

/** The bet the player's key made, if any. */
async function betByKey(userId: string, key: string): Promise<BetRow | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(crashBets)
    .where(and(eq(crashBets.userId, userId), eq(crashBets.idempotencyKey, key)));
  return row ?? null;
}

/** The round taking bets now, if any. */
async function bettingRound(): Promise<RoundRow | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(crashRounds)
    .where(eq(crashRounds.state, 'betting'))
    .orderBy(desc(crashRounds.createdAt))
    .limit(1);
  return row ?? null;
}

async function decimalsOf(currency: string): Promise<number> {
  const decimals = (await cachedPrecision()).get(currency);
  if (decimals === undefined) throw new ApiError('VALIDATION_ERROR', 'currency');
  return decimals;
}

/**
 * Joins the round taking bets. One bet per player per round; a retry with the same key answers
 * the bet it made, and the same key with anything else changed is a 422.
 */
export async function joinRound(player: Player, body: CrashJoin): Promise<CrashBet> {
  const userId = player.id;
  const { currency, amount, idempotencyKey: key } = body;
  const autoUnits = body.autoCashout ? toHundredths(body.autoCashout) : null;
  const decimals = await decimalsOf(currency);
  const stake = parseMinor(amount, decimals);
  const earlier = await betByKey(userId, key);
  if (earlier) {
    if (
      earlier.currency !== currency ||
      earlier.stake !== stake ||
      earlier.autoUnits !== autoUnits
    ) {
      throw new ApiError('IDEMPOTENCY_KEY_REUSED');
    }
    return betView(earlier, player, decimals);
  }
  const limits = betLimits(currency, decimals, await currentRates());
  if (!limits) throw new ApiError('VALIDATION_ERROR', 'currency');
  if (stake > BigInt(0) && stake < limits.minBet) {
    throw new ApiError('BET_BELOW_MINIMUM', undefined, {
      min: formatMinor(limits.minBet, decimals),
      currency,
    });
  }
  const round = await bettingRound();
  if (!round) throw new ApiError('CRASH_BETTING_CLOSED');
  const id = randomUUID();
  const write = async (tx: Tx) => {
    const [mine] = await tx
      .select({ id: crashBets.id })
      .from(crashBets)
      .where(and(eq(crashBets.roundId, round.id), eq(crashBets.userId, userId)));
    if (mine) throw new ApiError('CRASH_ALREADY_IN');
    // Taken only while the round takes bets, by the database's clock.
    const { rows } = (await tx.execute(sql`
      INSERT INTO crash_bets (id, round_id, user_id, idempotency_key, currency, stake, auto_units)
      SELECT ${id}::uuid, r.id, ${userId}::uuid, ${key}, ${currency}, ${stake.toString()}::numeric,
        ${autoUnits}::integer
      FROM crash_rounds r
      WHERE r.id = ${round.id}::uuid AND r.state = 'betting' AND clock_timestamp() < r.starts_at
      RETURNING id`)) as { rows: unknown[] };
    if (!rows.length) throw new ApiError('CRASH_BETTING_CLOSED');
    await openRound(tx, {
      product: 'originals',
      game: 'crash',
      roundId: id,
      userId,
      currency,
      stake,
      fairness: { chainId: round.chainId, game: round.game },
    });
  };
  if (stake === BigInt(0)) {
    await underPlayerLock(userId, write);
  } else {
    await postMany(
      [
        {
          type: 'bet',
          scope: scopeOf(userId),
          key: `join:${key}`,
          userId,
          lines: [
            { account: { userId, currency }, amount: -stake },
            { account: { userId, currency, kind: 'stake' }, amount: stake },
          ],
          meta: { game: 'crash', round: round.id, autoUnits },
        },
      ],
      { inTransaction: write },
    );
  }
  const made = await betByKey(userId, key);
  if (!made) throw new Error(`crash bet ${key} of ${userId} was not recorded`);
  const view = betView(made, player, decimals);
  announcePlayer(view);
  return view;
}

/** How a bet ends: cashed out at a multiplier (hundredths), busted, or refunded. */
export type Ending =
  { state: 'cashed_out'; units: number } | { state: 'busted' } | { state: 'refunded' };

/** A bet that lost a race (another ending came first): its transaction is undone. */
class Moved extends Error {}

/** What `units` pays on `stake`, floored, capped by the maximum win when one is known. */
export function payoutAt(stake: bigint, units: number, maxWin: bigint | null): bigint {
  const full = (stake * BigInt(units)) / BigInt(100);
  return maxWin !== null && full > maxWin ? maxWin : full;
}

/**
 * Ends an open bet: `decide` runs under the player's lock and makes the one conditional UPDATE
 * that moves the bet from open, answering the ending and payout (null when the bet had moved on).
 * Then the money, the round and `bet.settled` in the same transaction. Answers whether this call
 * ended it.
 */
export async function closeBet(
  bet: BetRow,
  edgeBps: number,
  decide: (tx: Tx) => Promise<{ ending: Ending; payout: bigint } | null>,
  { refund = false }: { refund?: boolean } = {},
): Promise<boolean> {
  const { userId, currency, stake } = bet;
  const settle = async (tx: Tx): Promise<Line[][]> => {
    const decided = await decide(tx);
    if (!decided) throw new Moved();
    const { ending, payout } = decided;
    const zero = BigInt(0).toString();
    const status =
      ending.state === 'refunded' ? 'refunded' : ending.state === 'busted' ? 'lost' : 'cashed_out';
    await settleRound(tx, {
      product: 'originals',
      game: 'crash',
      roundId: bet.id,
      userId,
      currency,
      stake: { real: stake.toString(), bonus: zero },
      payout: { real: payout.toString(), bonus: zero },
      status,
      edgeBps,
      shape: {
        multiplier: ending.state === 'cashed_out' ? ending.units / 100 : null,
        auto: bet.autoUnits === null ? null : bet.autoUnits / 100,
      },
    });
    const held = { userId, currency, kind: 'stake' as const };
    const me = { userId, currency };
    const house = { house: 'originals' as const, currency };
    if (ending.state === 'refunded') {
      return [
        [
          { account: held, amount: -stake },
          { account: me, amount: stake },
        ],
      ];
    }
    return [
      [
        { account: held, amount: -stake },
        { account: house, amount: stake },
      ],
      payout > BigInt(0)
        ? [
            { account: house, amount: -payout },
            { account: me, amount: payout },
          ]
        : [],
    ];
  };
  try {
    if (stake === BigInt(0)) {
      await underPlayerLock(userId, settle);
      return true;
    }
    const scope = scopeOf(userId);
    const held = { userId, currency, kind: 'stake' as const };
    const me = { userId, currency };
    const house = { house: 'originals' as const, currency };
    // The accounts to lock, with placeholder amounts: what moves is decided under the lock. A
    // refund is its own key, so a bet refunded never also settles.
    const placeholder = (from: Line['account'], to: Line['account']): Line[] => [
      { account: from, amount: BigInt(-1) },
      { account: to, amount: BigInt(1) },
    ];
    const postings: Posting[] = [
      { type: 'bet', scope, key: `settle:${bet.id}`, userId, lines: placeholder(held, house) },
      { type: 'win', scope, key: `payout:${bet.id}`, userId, lines: placeholder(house, me) },
    ];
    // A refund (an aborted round's, asked only by the engine) is its own posting and key, so a
    // bet refunded never also settles.
    const refunded: Posting[] = [
      { type: 'reversal', scope, key: `refund:${bet.id}`, userId, lines: placeholder(held, me) },
    ];
    await postMany(refund ? refunded : postings, { linesUnderLock: settle });
    return true;
  } catch (error) {
    if (error instanceof Moved) return false;
    throw error;
  }
}

/**
 * The player's cash-out: taken iff the database's clock is at or past the start and before the
 * bust instant; paid at the curve's multiplier then (cut to hundredths), or at the bet's own auto
 * target or maximum-win multiplier if the curve had already passed them. Asked again, it answers
 * the bet as it is; asked too late, CRASH_TOO_LATE.
 */
export async function cashOutBet(player: Player, betId: string): Promise<CrashBet> {
  const db = await getDb();
  const [bet] = await db
    .select()
    .from(crashBets)
    .where(and(eq(crashBets.id, betId), eq(crashBets.userId, player.id)));
  if (!bet) throw new ApiError('NOT_FOUND');
  const decimals = await decimalsOf(bet.currency);
  if (bet.state === 'open') {
    const [round] = await db.select().from(crashRounds).where(eq(crashRounds.id, bet.roundId));
    // Before the start by the clock; once it has passed, the UPDATE below judges by the database's.
    const early = round?.state === 'betting' && Date.now() < round.startsAt.getTime();
    if (!round || early) throw new ApiError('CRASH_NOT_STARTED');
    const secrets = await roundSecrets(round);
    const limits = betLimits(bet.currency, decimals, await currentRates());
    const maxWin = limits?.maxWin ?? null;
    await closeBet(bet, secrets.edgeBps, async (tx) => {
      const { rows } = (await tx.execute(sql`
        WITH now AS (SELECT clock_timestamp() AS t)
        UPDATE crash_bets b SET state = 'cashed_out', cashed_at = now.t
        FROM now, crash_rounds r
        WHERE b.id = ${bet.id}::uuid AND b.state = 'open' AND r.id = b.round_id
          AND r.state <> 'aborted' AND now.t >= r.starts_at
          AND now.t < to_timestamp(${secrets.bustMs}::double precision / 1000)
        RETURNING extract(epoch FROM now.t) * 1000 AS at_ms`)) as {
        rows: Array<{ at_ms: string | number }>;
      };
      if (!rows.length) return null;
      const elapsed = Number(rows[0]!.at_ms) - round.startsAt.getTime();
      const units = Math.min(
        crashUnitsAt(elapsed),
        secrets.crashUnits,
        bet.autoUnits ?? Infinity,
        capUnits(bet.stake, maxWin),
      );
      const payout = payoutAt(bet.stake, units, maxWin);
      await tx
        .update(crashBets)
        .set({ cashedUnits: units, payout })
        .where(eq(crashBets.id, bet.id));
      return { ending: { state: 'cashed_out', units }, payout };
    });
  }
  const [now] = await db.select().from(crashBets).where(eq(crashBets.id, bet.id));
  if (now!.state === 'open' || now!.state === 'busted') throw new ApiError('CRASH_TOO_LATE');
  const view = betView(now!, player, decimals);
  if (bet.state === 'open') announcePlayer(view);
  return view;
}

/** The multiplier (hundredths) at which a stake's payout reaches the maximum win. */
export function capUnits(stake: bigint, maxWin: bigint | null): number {
  if (maxWin === null || stake === BigInt(0)) return Infinity;
  const units = (maxWin * BigInt(100)) / stake;
  return units > BigInt(Number.MAX_SAFE_INTEGER) ? Infinity : Math.max(101, Number(units));
}

/** The open bets of a round. */
export async function openBets(roundId: string): Promise<BetRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(crashBets)
    .where(and(eq(crashBets.roundId, roundId), inArray(crashBets.state, ['open'])));
}
