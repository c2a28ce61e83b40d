import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { config } from '@/lib/config';
import { MAPPING_VERSIONS } from '@/lib/fairness';
import {
  edgeOf,
  fractionText,
  isOriginalBet,
  maxMultiplier,
  play,
  type OriginalBet,
  type Outcome,
} from '@/lib/fairness/outcome';
import { PLINKO_TABLE_ID } from '@/lib/fairness/plinko-tables';
import { payoutOf } from '@/lib/fairness/rational';
import {
  betParamsSchema,
  fairBetOf,
  type Bet,
  type BetParams,
  type BetRequest,
} from '@/lib/schemas/originals';
import { derivedKey } from '@/lib/server/auth/secrets';
import { getDb } from '@/lib/server/db';
import { violatedConstraint } from '@/lib/server/db/errors';
import { originalBets } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import type { Player } from '@/lib/server/players/store';
import { cachedPrecision, formatMinor, parseMinor } from '@/lib/server/wallet/amounts';
import type { Rates } from '@/lib/schemas/rates';
import { postMany, type Line, type Tx } from '@/lib/server/wallet/ledger';
import { underPlayerLock } from '@/lib/server/wallet/player-lock';
import { currentRates } from '@/lib/server/wallet/rates';
import { settleRound } from '@/lib/server/wallet/rounds';
import { betLimits } from './limits';
import { announceBet } from './live';
import { takeNonce, type Draw } from './seeds';
import { betByKey, betView } from './views';

/**
 * What a bet asked, as its postings' `meta` and its row keep it: a retry must ask the same. Keys
 * sorted, since the stored row (jsonb) gives them back in its own order.
 */
function asked(params: BetParams, currency: string, stake: bigint) {
  const { game, ...rest } = params;
  const sorted = Object.fromEntries(
    Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return { game, currency, stake: stake.toString(), params: sorted };
}

const sameRequest = (
  row: typeof originalBets.$inferSelect,
  params: BetParams,
  currency: string,
  stake: bigint,
) =>
  JSON.stringify(asked(betParamsSchema.parse(row.params), row.currency, row.stake)) ===
  JSON.stringify(asked(params, currency, stake));

/** What one bet asks, as checked: the player, the request's key, the game and its stake. */
type Ask = {
  userId: string;
  key: string;
  params: BetParams;
  bet: OriginalBet;
  currency: string;
  stake: bigint;
  edgeBps: number;
};

/** A bet drawn under its lock, and what it pays. */
type Drawn = { id: string; draw: Draw; outcome: Outcome; payout: bigint };
type BetRow = typeof originalBets.$inferSelect;
/** A bet drawn and written: the row answers the player without a read back. */
type Settled = { draw: Draw; row: BetRow };

/** The bet's row and its game record row (with `bet.settled`), in the transaction of its money. */
async function record(tx: Tx, ask: Ask, drawn: Drawn): Promise<Settled> {
  const { userId, key, params, bet, currency, stake, edgeBps } = ask;
  const { id, draw, outcome, payout } = drawn;
  const mappingVersion = MAPPING_VERSIONS[bet.game];
  const tableId = bet.game === 'plinko' ? PLINKO_TABLE_ID : null;
  const row: BetRow = {
    id,
    userId,
    idempotencyKey: key,
    game: bet.game,
    currency,
    stake,
    payout,
    multiplier: fractionText(outcome.multiplier),
    seedId: draw.seedId,
    nonce: draw.nonce,
    params,
    result: { ...outcome.result, win: outcome.win },
    mappingVersion,
    edgeBps,
    tableId,
    createdAt: new Date(),
  };
  const zero = BigInt(0).toString();
  // The bet's row is written in the same statement as its game record row.
  const insertBet = tx.insert(originalBets).values(row).getSQL();
  await settleRound(
    tx,
    {
      product: 'originals',
      game: bet.game,
      roundId: id,
      userId,
      currency,
      stake: { real: stake.toString(), bonus: zero },
      payout: { real: payout.toString(), bonus: zero },
      status: outcome.win ? 'won' : 'lost',
      edgeBps,
      shape: { ...params },
      fairness: {
        seedId: draw.seedId,
        serverSeedHash: draw.serverSeedHash,
        clientSeed: draw.clientSeed,
        nonce: draw.nonce,
        mappingVersion,
        ...(tableId ? { tableId } : {}),
      },
    },
    // A bet's round is new: one statement writes the bet, its round and its event.
    { alongside: insertBet, first: true },
  );
  return { draw, row };
}

function drawOutcome(draw: Draw, bet: OriginalBet, edgeBps: number, stake: bigint): Drawn {
  const outcome = play(bet, draw.serverSeed, draw.clientSeed, draw.nonce, edgeBps);
  return { id: randomUUID(), draw, outcome, payout: payoutOf(stake, outcome.multiplier) };
}

/**
 * A Dice, Limbo or Plinko bet. Checked before any draw: the parameters, the stake's bounds, the
 * most it could pay against the maximum win. Then one transaction keyed by the request's key: the
 * player's row and balances locked, the nonce taken and the outcome drawn under that lock, the
 * stake (`bet`, player → originals) and the payout (`win`, none when nothing is won) posted
 * together with the bet's row, its game record row and `bet.settled`. A retry answers the first
 * bet and never draws again; the same key with anything else changed is a 422.
 */
export async function placeBet(player: Player, body: BetRequest): Promise<Bet> {
  const userId = player.id;
  const { currency, amount, idempotencyKey: key, ...rest } = body;
  const params = rest as BetParams;
  const bet = fairBetOf(params);
  if (!isOriginalBet(bet)) throw new ApiError('VALIDATION_ERROR', 'target');
  const precision = await cachedPrecision();
  const decimals = precision.get(currency);
  if (decimals === undefined) throw new ApiError('VALIDATION_ERROR', 'currency');
  const stake = parseMinor(amount, decimals);

  const edgeBps = edgeOf(bet, config.ORIGINALS_EDGE_BPS);
  const refusal = limitRefusal(bet, currency, decimals, stake, edgeBps, await currentRates());
  if (refusal) {
    // A retry is answered with its first bet, even if a price has moved since and the bet would
    // be refused now: the key is looked up only then (the postings answer any other retry).
    const earlier = (await placedUnder(userId, key)) ? await betByKey(userId, key) : null;
    if (!earlier) throw refusal;
    if (!sameRequest(earlier.bet, params, currency, stake)) {
      throw new ApiError('IDEMPOTENCY_KEY_REUSED');
    }
    return betView(earlier.bet, earlier.seed, earlier.player, decimals);
  }
  let settled: Settled | undefined;
  try {
    settled = await settleBet({ userId, key, params, bet, currency, stake, edgeBps });
  } catch (error) {
    // A zero bet and a paid one raced under one key: the second insert of the key is refused.
    // (A draw used twice, original_bets_draw, would be a bug: it stays a 500 and is logged.)
    if (violatedConstraint(error) === 'original_bets_key') {
      throw new ApiError('IDEMPOTENCY_KEY_REUSED');
    }
    throw error;
  }

  if (!settled) {
    // A retry that raced the first request: its bet, as stored.
    const row = await betByKey(userId, key);
    if (!row) throw new Error(`bet ${key} of ${userId} was not recorded`);
    return betView(row.bet, row.seed, row.player, decimals);
  }
  // Just drawn: the answer is made from what was written, without reading it back.
  const view = betView(
    settled.row,
    {
      serverSeedHash: settled.draw.serverSeedHash,
      clientSeed: settled.draw.clientSeed,
      revealed: null,
      state: 'active',
    },
    player,
    decimals,
  );
  if (stake > BigInt(0)) announceBet(view);
  return view;
}

/** Whether the player has placed a bet under this key (one probe of the unique index). */
async function placedUnder(userId: string, key: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: originalBets.id })
    .from(originalBets)
    .where(and(eq(originalBets.userId, userId), eq(originalBets.idempotencyKey, key)))
    .limit(1);
  return row !== undefined;
}

/** Why the bet cannot be taken at today's prices: below the smallest bet, or past the maximum win. */
function limitRefusal(
  bet: OriginalBet,
  currency: string,
  decimals: number,
  stake: bigint,
  edgeBps: number,
  rates: Rates,
): ApiError | null {
  const limits = betLimits(currency, decimals, rates);
  if (!limits) return new ApiError('VALIDATION_ERROR', 'currency');
  if (stake > BigInt(0) && stake < limits.minBet) {
    return new ApiError('BET_BELOW_MINIMUM', undefined, {
      min: formatMinor(limits.minBet, decimals),
      currency,
    });
  }
  if (payoutOf(stake, maxMultiplier(bet, edgeBps)) > limits.maxWin) {
    return new ApiError('MAX_WIN_EXCEEDED', undefined, {
      max: formatMinor(limits.maxWin, decimals),
      currency,
    });
  }
  return null;
}

/** The draw and its money: answers what was drawn, or nothing when the key was used before. */
async function settleBet(ask: Ask): Promise<Settled | undefined> {
  const { userId, key, params, bet, currency, stake, edgeBps } = ask;
  // The seeds' key is ready before any lock is taken: its first derivation may read the master key
  // from the database, which inside the transaction would wait for a connection it holds.
  await derivedKey('fair-seed');
  if (stake === BigInt(0)) return playForNothing(ask);
  let drawn: Drawn | undefined;
  let settled: Settled | undefined;
  const me = { userId, currency };
  const house = { house: 'originals' as const, currency };
  const scope = `originals:${userId}`;
  const meta = asked(params, currency, stake);
  const [placed] = await postMany(
    [
      {
        type: 'bet',
        scope,
        key: `${key}:stake`,
        userId,
        lines: [
          { account: me, amount: -stake },
          { account: house, amount: stake },
        ],
        meta,
      },
      {
        type: 'win',
        scope,
        key: `${key}:payout`,
        userId,
        lines: [
          { account: house, amount: BigInt(-1) },
          { account: me, amount: BigInt(1) },
        ],
        meta,
      },
    ],
    {
      linesUnderLock: async (tx) => {
        drawn = drawOutcome(await takeNonce(tx, userId), bet, edgeBps, stake);
        const { payout } = drawn;
        const stakeLines: Line[] = [
          { account: me, amount: -stake },
          { account: house, amount: stake },
        ];
        const payoutLines: Line[] =
          payout > BigInt(0)
            ? [
                { account: house, amount: -payout },
                { account: me, amount: payout },
              ]
            : [];
        return [stakeLines, payoutLines];
      },
      inTransaction: async (tx) => {
        settled = await record(tx, ask, drawn!);
      },
    },
  );
  return placed!.replayed ? undefined : settled;
}

/**
 * A bet of nothing: no posting, but a draw like any other — the nonce taken in its own
 * transaction under the player's row lock, the bet and its game record written — so the next
 * paid bet's nonce follows it and a verifier sees every nonce used.
 */
async function playForNothing(ask: Ask): Promise<Settled | undefined> {
  const { userId, key, params, bet, currency, edgeBps } = ask;
  return underPlayerLock(userId, async (tx) => {
    // Under the lock: a same-key twin that got here first has committed its bet.
    const [twin] = await tx
      .select()
      .from(originalBets)
      .where(and(eq(originalBets.userId, userId), eq(originalBets.idempotencyKey, key)));
    if (twin) {
      if (!sameRequest(twin, params, currency, BigInt(0))) {
        throw new ApiError('IDEMPOTENCY_KEY_REUSED');
      }
      return undefined;
    }
    const drawn = drawOutcome(await takeNonce(tx, userId), bet, edgeBps, BigInt(0));
    return record(tx, ask, drawn);
  });
}
