import 'server-only';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { BetSettledV1 } from '@/lib/schemas/domain-events';
import { gameRounds } from '@/lib/server/db/schema';
import { emitEvent, prepareEvent } from '@/lib/server/wallet/events/emit';
import { markEmitted } from '@/lib/server/wallet/ledger-retry';
import { ApiError } from '@/lib/server/http/api-error';
import type { Tx } from '@/lib/server/wallet/ledger';

type Product = BetSettledV1['product'];

type Opening = {
  product: Product;
  game: string;
  roundId: string;
  userId: string;
  currency: string;
  stake: bigint;
  fairness?: Record<string, unknown>;
};

/** The game record's row of a round opened, as a statement a product may run beside its own. */
export const openRoundInsert = (tx: Tx, round: Opening) =>
  tx.insert(gameRounds).values({ ...round, state: 'open' });

/** A round or bet that stays open across requests (Mines, Crash, a sportsbook bet), at its stake. */
export async function openRound(tx: Tx, round: Opening): Promise<void> {
  await openRoundInsert(tx, round);
}

export type Settlement = Omit<
  BetSettledV1,
  'eventId' | 'version' | 'settledAt' | 'player' | 'betId'
> & {
  userId: string;
  roundId: string;
  fairness?: Record<string, unknown>;
};

const total = (p: { real: string; bonus: string }) => BigInt(p.real) + BigInt(p.bonus);

/** What a settlement writes beside the round, and whether the round is new. */
export type SettleOptions = {
  /** A product's own write (its bet row), run in the same statement. */
  alongside?: SQL;
  /**
   * The round was never recorded (a bet settled the moment it is placed): its record, its
   * `bet.settled` v1 and `alongside` go in one statement, and a round that exists after all is
   * refused by its unique index rather than updated.
   */
  first?: boolean;
  /**
   * The round's record was opened at its first bet and this is its only settlement (a casino
   * round closes once): the record and `bet.settled` v1 in one statement. A record that is not
   * open, or not this player's, undoes it all.
   */
  opened?: boolean;
};

/**
 * A round or bet settled — or settled again (a resettlement): the game record's row written or
 * brought up to date and `bet.settled` emitted at the next version, in the transaction of the
 * posting that moved its money. A settlement runs under its player's lock, so every statement
 * here is paid by every bet: two at most, one for a first settlement or an opened one. Answers
 * the version.
 */
export async function settleRound(
  tx: Tx,
  s: Settlement,
  { alongside, first = false, opened = false }: SettleOptions = {},
): Promise<number> {
  const settledAt = new Date();
  const state = s.status === 'void' || s.status === 'refunded' ? 'void' : 'settled';
  const aggregate = `bet:${s.product}:${s.roundId}`;
  const fairness = s.fairness ? JSON.stringify(s.fairness) : null;
  const row = sql`(${s.product}, ${s.game}, ${s.roundId}, ${s.userId}::uuid, ${s.currency},
    ${total(s.stake).toString()}::numeric, ${total(s.payout).toString()}::numeric, ${state},
    ${fairness}::jsonb, ${settledAt.toISOString()}::timestamptz)`;
  const columns = sql`(product, game, round_id, user_id, currency, stake, payout, state, fairness,
    settled_at)`;
  const extra = alongside ? sql`alongside AS (${alongside}),` : sql``;
  const event = (version: number) => ({
    product: s.product,
    game: s.game,
    player: s.userId,
    currency: s.currency,
    betId: s.roundId,
    version,
    stake: s.stake,
    payout: s.payout,
    status: s.status,
    edgeBps: s.edgeBps,
    shape: s.shape,
    settledAt: settledAt.toISOString(),
  });

  if (first) {
    const { insert } = prepareEvent('bet.settled', aggregate, event(1));
    await tx.execute(sql`
      WITH ${extra} recorded AS (INSERT INTO game_rounds ${columns} VALUES ${row}),
        emitted AS (${insert})
      SELECT 1`);
    markEmitted();
    return 1;
  }

  if (opened) {
    await settleOpenedMany(tx, [s], alongside);
    return 1;
  }

  const { rows } = (await tx.execute(sql`
    WITH ${extra} upserted AS (
      INSERT INTO game_rounds ${columns} VALUES ${row}
      ON CONFLICT (product, round_id) DO UPDATE SET
        stake = excluded.stake, payout = excluded.payout, state = excluded.state,
        settled_at = excluded.settled_at,
        fairness = coalesce(excluded.fairness, game_rounds.fairness)
      -- A round is one player's: another's settlement under its id is a bug, not an update.
      WHERE game_rounds.user_id = excluded.user_id
      RETURNING user_id)
    SELECT (SELECT user_id::text FROM upserted) AS owner,
      (SELECT count(*)::int FROM domain_events
        WHERE aggregate = ${aggregate} AND type = 'bet.settled') AS n`)) as {
    rows: Array<{ owner: string | null; n: number }>;
  };
  // Stryker disable next-line OptionalChaining: a SELECT without FROM always answers one row
  if (rows[0]?.owner !== s.userId) throw new Error(`round ${s.roundId} belongs to another player`);
  const version = Number(rows[0]?.n ?? 0) + 1;
  await emitEvent(tx, 'bet.settled', aggregate, event(version));
  return version;
}

/**
 * Rounds opened at their first bet, each settled once (a casino round closes once): every record
 * and its `bet.settled` v1 in one statement, each round's parts under its own names. A record that
 * is not open, or not its player's, undoes it all.
 */
export async function settleOpenedMany(
  tx: Tx,
  settlements: Settlement[],
  alongside?: SQL,
): Promise<void> {
  if (!settlements.length) return;
  const settledAt = new Date().toISOString();
  const parts = settlements.flatMap((s, i) => {
    const state = s.status === 'void' || s.status === 'refunded' ? 'void' : 'settled';
    const fairness = s.fairness ? JSON.stringify(s.fairness) : null;
    const { insert } = prepareEvent('bet.settled', `bet:${s.product}:${s.roundId}`, {
      product: s.product,
      game: s.game,
      player: s.userId,
      currency: s.currency,
      betId: s.roundId,
      version: 1,
      stake: s.stake,
      payout: s.payout,
      status: s.status,
      edgeBps: s.edgeBps,
      shape: s.shape,
      settledAt,
    });
    return [
      sql`${sql.raw(`settled${i}`)} AS (
        UPDATE game_rounds SET stake = ${total(s.stake).toString()}::numeric,
          payout = ${total(s.payout).toString()}::numeric, state = ${state},
          settled_at = ${settledAt}::timestamptz, fairness = coalesce(${fairness}::jsonb, fairness)
         WHERE product = ${s.product} AND round_id = ${s.roundId} AND user_id = ${s.userId}::uuid
           AND state = 'open'
        RETURNING id)`,
      sql`${sql.raw(`emitted${i}`)} AS (${insert})`,
    ];
  });
  const counted = sql.join(
    settlements.map((_, i) => sql`(SELECT count(*) FROM ${sql.raw(`settled${i}`)})`),
    sql` + `,
  );
  const extra = alongside ? [sql`alongside AS (${alongside})`] : [];
  const { rows } = (await tx.execute(sql`
    WITH ${sql.join([...extra, ...parts], sql`, `)}
    SELECT (${counted})::int AS settled`)) as { rows: Array<{ settled: number }> };
  if (rows[0]?.settled !== settlements.length) {
    const ids = settlements.map((s) => s.roundId).join(', ');
    throw new Error(
      settlements.length === 1
        ? `round ${ids} is not open for this player`
        : `rounds ${ids} are not all open for their players`,
    );
  }
  markEmitted();
}

export type Adjustment = {
  product: Product;
  roundId: string;
  userId: string;
  currency: string;
  /** What the correction moves for the player, in minor units: positive pays, negative takes back. */
  amount: bigint;
  reason: string;
};

/**
 * A settled round corrected after the fact (a palpable error, a provider's late correction): its
 * record's payout moved by the amount and `bet.adjusted` emitted, naming the latest `bet.settled`
 * it corrects — in the transaction of the posting that moves the money. A round that is not this
 * player's, still open, in another currency, or that would pay back less than nothing is refused.
 * Answers the event id.
 */
export async function adjustRound(tx: Tx, a: Adjustment): Promise<string> {
  const aggregate = `bet:${a.product}:${a.roundId}`;
  const [round] = await tx
    .update(gameRounds)
    .set({ payout: sql`${gameRounds.payout} + ${a.amount.toString()}::numeric` })
    .where(
      and(
        eq(gameRounds.product, a.product),
        eq(gameRounds.roundId, a.roundId),
        eq(gameRounds.userId, a.userId),
        eq(gameRounds.currency, a.currency),
        // Stryker disable next-line StringLiteral: an open round has no bet.settled yet, so the lookup below refuses it too
        ne(gameRounds.state, 'open'),
      ),
    )
    .returning({ payout: gameRounds.payout });
  if (!round) throw new ApiError('NOT_FOUND', 'round');
  if (round.payout < BigInt(0)) throw new ApiError('VALIDATION_ERROR', 'amount');
  const { rows } = (await tx.execute(sql`
    SELECT id FROM domain_events WHERE aggregate = ${aggregate} AND type = 'bet.settled'
    ORDER BY sequence DESC LIMIT 1`)) as { rows: Array<{ id: string }> };
  if (!rows[0]) throw new ApiError('NOT_FOUND', 'round');
  return emitEvent(tx, 'bet.adjusted', aggregate, {
    corrects: rows[0].id,
    product: a.product,
    player: a.userId,
    currency: a.currency,
    betId: a.roundId,
    amount: a.amount.toString(),
    reason: a.reason,
    adjustedAt: new Date().toISOString(),
  });
}
