import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { config } from '@/lib/config';
import { MAPPING_VERSIONS } from '@/lib/fairness';
import { floats } from '@/lib/fairness/bytes';
import { minesLayout, minesMultiplier, safeTiles } from '@/lib/fairness/mines';
import { fractionText, play } from '@/lib/fairness/outcome';
import { payoutOf } from '@/lib/fairness/rational';
import type { MinesGame, MinesOpen } from '@/lib/schemas/originals';
import { derivedKey } from '@/lib/server/auth/secrets';
import { getDb } from '@/lib/server/db';
import { fairSeeds, minesGames, originalBets } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import type { Player } from '@/lib/server/players/store';
import { cachedPrecision, formatMinor, parseMinor } from '@/lib/server/wallet/amounts';
import { postMany, type Line, type Tx } from '@/lib/server/wallet/ledger';
import { underPlayerLock } from '@/lib/server/wallet/player-lock';
import { currentRates } from '@/lib/server/wallet/rates';
import { openRound, settleRound } from '@/lib/server/wallet/rounds';
import { betLimits } from './limits';
import { announceBet } from './live';
import { decimalsOf, minesView, readGame, type MinesRow } from './mines-view';
import { openSeed, takeNonce, type Draw } from './seeds';
import { betView, NO_SEED } from './views';

/*
 * Mines, the original that stays open across requests. Its money:
 * - open: the stake moves from the player's balance to their `stake` balance (a `bet`), the nonce
 *   drawn and the game's row and open round written in that transaction;
 * - close (a mine, a cash-out, or the step that reaches the maximum win): the stake balance goes
 *   to the house (a `bet` that is not a new stake) and the payout comes back (a `win`), with the
 *   bet row, the round settled and `bet.settled`, in one transaction.
 * Every change to a game is one conditional UPDATE that names the picks it was decided on, so a
 * reveal, a cash-out and a retry that race each other leave one outcome: the loser reads again.
 * The postings' scope is Mines' own, so no Dice key a player chooses can claim a game's keys.
 */

const scopeOf = (userId: string) => `mines:${userId}`;
/** How often a request reads the game again after losing a race: each loss means it moved on. */
const ATTEMPTS = 30;

type Limits = { minBet: bigint; maxWin: bigint } | null;

async function limitsOf(currency: string, decimals: number): Promise<Limits> {
  return betLimits(currency, decimals, await currentRates());
}

/**
 * Opens a game: the stake checked against the smallest bet (a game's payout is capped by the
 * maximum win as it is played, never refused up front), then the stake held and the nonce drawn
 * under the player's lock. One open game per player; a retry with the same key answers the game
 * it opened, and the same key with anything else changed is a 422.
 */
export async function openMines(player: Player, body: MinesOpen): Promise<MinesGame> {
  const userId = player.id;
  const { currency, amount, idempotencyKey: key, mines } = body;
  const decimals = (await cachedPrecision()).get(currency);
  // Stryker disable next-line ConditionalExpression: a currency not listed has no price either, and is refused as one just below
  if (decimals === undefined) throw new ApiError('VALIDATION_ERROR', 'currency');
  const stake = parseMinor(amount, decimals);
  const limits = await limitsOf(currency, decimals);
  if (!limits) throw new ApiError('VALIDATION_ERROR', 'currency');

  const earlier = await gameByKey(userId, key);
  // A retry is answered before the stake's bounds, which today's price may have moved.
  // Stryker disable next-line ConditionalExpression: without it the posting's replay answers the same game, and the mines are checked there too
  if (earlier) return replayOf(earlier, { mines, currency, stake }, decimals);
  if (stake > BigInt(0) && stake < limits.minBet) {
    throw new ApiError('BET_BELOW_MINIMUM', undefined, {
      min: formatMinor(limits.minBet, decimals),
      currency,
    });
  }
  // Stryker disable next-line StringLiteral: warms the seeds' key so that its first derivation never reads inside the transaction; a cold key is read there and works
  await derivedKey('fair-seed');
  const ask = { userId, key, mines, currency, stake };
  if (stake === BigInt(0)) {
    await underPlayerLock(userId, (tx) => startGame(tx, ask));
  } else {
    const me = { userId, currency };
    const held = { userId, currency, kind: 'stake' as const };
    await postMany(
      [
        {
          type: 'bet',
          scope: scopeOf(userId),
          key: `open:${key}`,
          userId,
          lines: [
            { account: me, amount: -stake },
            { account: held, amount: stake },
          ],
          // Stryker disable next-line ObjectLiteral,StringLiteral: what was asked, kept with the posting; a replayed key's mines are checked against its game below
          meta: { game: 'mines', mines },
        },
      ],
      { inTransaction: (tx) => startGame(tx, ask) },
    );
  }
  const opened = await gameByKey(userId, key);
  // Stryker disable next-line ConditionalExpression,StringLiteral: a guard for a bug — the game was just written under this key
  if (!opened) throw new Error(`mines game ${key} of ${userId} was not recorded`);
  return replayOf(opened, { mines, currency, stake }, decimals);
}

type Ask = { userId: string; key: string; mines: number; currency: string; stake: bigint };

/** Whether a game matches, read under the player's lock. */
async function hasGame(tx: Tx, where: SQL | undefined): Promise<boolean> {
  // Stryker disable next-line ObjectLiteral: only whether a row is there is read
  const rows = await tx.select({ id: minesGames.id }).from(minesGames).where(where).limit(1);
  return rows.length > 0;
}

/**
 * Under the player's lock: a same-key twin that got here first is the answer; otherwise no other
 * game may be open, then the nonce is taken and the game and its round written.
 */
async function startGame(tx: Tx, ask: Ask): Promise<void> {
  const { userId, key, mines, currency, stake } = ask;
  if (await hasGame(tx, and(eq(minesGames.userId, userId), eq(minesGames.idempotencyKey, key)))) {
    return;
  }
  if (await hasGame(tx, and(eq(minesGames.userId, userId), eq(minesGames.state, 'open')))) {
    throw new ApiError('MINES_GAME_OPEN');
  }
  const draw = await takeNonce(tx, userId);
  const id = randomUUID();
  const edgeBps = config.ORIGINALS_EDGE_BPS;
  await tx.insert(minesGames).values({
    id,
    userId,
    idempotencyKey: key,
    currency,
    stake,
    mines,
    seedId: draw.seedId,
    nonce: draw.nonce,
    edgeBps,
  });
  await openRound(tx, {
    product: 'originals',
    game: 'mines',
    roundId: id,
    userId,
    currency,
    stake,
    fairness: fairnessOf(draw, draw.nonce),
  });
}

const fairnessOf = (
  seed: Pick<Draw, 'seedId' | 'serverSeedHash' | 'clientSeed'>,
  nonce: number,
) => ({
  seedId: seed.seedId,
  serverSeedHash: seed.serverSeedHash,
  clientSeed: seed.clientSeed,
  nonce,
  mappingVersion: MAPPING_VERSIONS.mines,
});

async function gameByKey(userId: string, key: string) {
  const db = await getDb();
  const [row] = await db
    .select({ id: minesGames.id })
    .from(minesGames)
    .where(and(eq(minesGames.userId, userId), eq(minesGames.idempotencyKey, key)))
    .limit(1);
  return row ? readGame(userId, row.id) : null;
}

async function replayOf(
  found: Awaited<ReturnType<typeof readGame>>,
  asked: { mines: number; currency: string; stake: bigint },
  decimals: number,
): Promise<MinesGame> {
  const { row, seed, board } = found;
  if (row.mines !== asked.mines || row.currency !== asked.currency || row.stake !== asked.stake) {
    throw new ApiError('IDEMPOTENCY_KEY_REUSED');
  }
  return minesView(row, seed, board, decimals);
}

/**
 * One tile revealed. Idempotent per (game, tile): a tile already revealed answers the game as it
 * is. A safe tile adds a step; a mine, the last safe tile, or a step whose payout reaches the
 * maximum win closes the game. A tile asked of a game already over is refused.
 */
export async function revealTile(player: Player, id: string, tile: number): Promise<MinesGame> {
  // Stryker disable next-line EqualityOperator,UpdateOperator: the bound only ends a request that keeps losing races, and a game moves at most 25 times
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { row, seed, board } = await readGame(player.id, id);
    const decimals = await decimalsOf(row.currency);
    if (row.picks.includes(tile)) return minesView(row, seed, board, decimals);
    if (row.state !== 'open') throw new ApiError('MINES_GAME_OVER');
    const layout = await layoutOf(row);
    const picks = [...row.picks, tile];
    const limits = await limitsOf(row.currency, decimals);
    const step = layout.includes(tile) ? null : stepPayout(row, picks.length, limits);
    const ends = step === null || picks.length === safeTiles(row.mines) || step.capped;
    // Whatever happened — this step, or another request's first — the next read answers.
    if (ends) await closeGame(player, row, picks, step?.payout ?? BigInt(0), decimals);
    else await addStep(row, tile);
  }
  // Stryker disable next-line StringLiteral: past 30 lost races only
  throw new ApiError('BUSY', undefined, undefined, 1);
}

/**
 * Cashes out at the last safe step; only after a reveal, and paid once: asked again (a lost answer,
 * a double click) it answers the cashed-out game; a game lost to a mine is refused.
 */
export async function cashOut(player: Player, id: string): Promise<MinesGame> {
  // Stryker disable next-line EqualityOperator,UpdateOperator: the bound only ends a request that keeps losing races, and a game moves at most 25 times
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { row, seed, board } = await readGame(player.id, id);
    const decimals = await decimalsOf(row.currency);
    if (row.state === 'cashed_out') return minesView(row, seed, board, decimals);
    if (row.state !== 'open') throw new ApiError('MINES_GAME_OVER');
    if (row.picks.length === 0) throw new ApiError('MINES_NOTHING_REVEALED');
    const { payout } = stepPayout(row, row.picks.length, await limitsOf(row.currency, decimals));
    await closeGame(player, row, row.picks, payout, decimals);
  }
  // Stryker disable next-line StringLiteral: past 30 lost races only
  throw new ApiError('BUSY', undefined, undefined, 1);
}

/** What `picks` safe tiles pay, capped at the maximum win (unknown without a price: no cap). */
function stepPayout(row: MinesRow, picks: number, limits: Limits) {
  const full = payoutOf(row.stake, minesMultiplier(row.mines, picks, row.edgeBps));
  const capped = limits !== null && full >= limits.maxWin;
  return { payout: capped ? limits.maxWin : full, capped };
}

/** The board, drawn again from the sealed seed: never stored while the game is open. */
async function layoutOf(row: MinesRow): Promise<number[]> {
  const seed = await seedOf(await getDb(), row);
  return minesLayout(floats(seed.serverSeed, seed.clientSeed, row.nonce, row.mines), row.mines);
}

/** The game's seed pair, its server seed opened: the board is drawn from it. */
async function seedOf(db: Pick<Tx, 'select'>, row: MinesRow) {
  const [seed] = await db.select().from(fairSeeds).where(eq(fairSeeds.id, row.seedId));
  // Stryker disable next-line ConditionalExpression,StringLiteral: a guard for a bug — the game's seed is a foreign key that cannot go
  if (!seed) throw new Error(`mines game ${row.id} has no seed`);
  return {
    id: seed.id,
    serverSeedHash: seed.serverSeedHash,
    serverSeed: await openSeed(seed),
    // Stryker disable next-line StringLiteral: an active seed always has its client seed (only a next one has none)
    clientSeed: seed.clientSeed ?? '',
  };
}

/** A safe step that does not end the game: one conditional UPDATE, lost to any other change. */
async function addStep(row: MinesRow, tile: number): Promise<void> {
  const db = await getDb();
  await db
    .update(minesGames)
    .set({ picks: sql`array_append(${minesGames.picks}, ${tile}::integer)` })
    .where(
      and(
        eq(minesGames.id, row.id),
        eq(minesGames.state, 'open'),
        sql`cardinality(${minesGames.picks}) = ${row.picks.length}`,
      ),
    );
}

/** A game that lost a race: its transaction is undone and the request reads the game again. */
class Moved extends Error {}

/**
 * The game closed on `picks` (its last a mine, or all safe), paying `payout`: the state moved by
 * one conditional UPDATE naming the picks it was decided on, the stake balance to the house, the
 * payout to the player, the bet row, the round settled and `bet.settled` — one transaction.
 * Nothing is written when the game moved first, or when another request closed it under the same
 * keys: the caller reads the game again either way.
 */
async function closeGame(
  player: Player,
  row: MinesRow,
  picks: number[],
  payout: bigint,
  decimals: number,
): Promise<void> {
  const { userId, currency, stake } = row;
  // Set inside the transaction (a holder, since a closure's assignment is not seen by the checker).
  const closed: { bet?: Parameters<typeof betView>[0] } = {};
  const close = async (tx: Tx) => {
    const bet = await closeRow(tx, row, picks, payout);
    if (!bet) throw new Moved();
    closed.bet = bet;
  };
  try {
    if (stake === BigInt(0)) {
      await underPlayerLock(userId, close);
    } else {
      const held = { userId, currency, kind: 'stake' as const };
      const me = { userId, currency };
      const house = { house: 'originals' as const, currency };
      const scope = scopeOf(userId);
      // Keys used before mean another request closed the game first: nothing is written, and
      // nothing is announced (the bet row was not made here).
      await postMany(
        [
          {
            type: 'bet',
            scope,
            key: `settle:${row.id}`,
            userId,
            // The accounts to lock; the amounts are decided under the lock.
            lines: [
              // Stryker disable next-line UnaryOperator: a placeholder, replaced under the lock
              { account: held, amount: BigInt(-1) },
              { account: house, amount: BigInt(1) },
            ],
          },
          {
            type: 'win',
            scope,
            key: `payout:${row.id}`,
            userId,
            lines: [
              // Stryker disable next-line UnaryOperator: a placeholder, replaced under the lock
              { account: house, amount: BigInt(-1) },
              { account: me, amount: BigInt(1) },
            ],
          },
        ],
        {
          linesUnderLock: async (tx) => {
            await close(tx);
            const paid: Line[] =
              payout > BigInt(0)
                ? [
                    { account: house, amount: -payout },
                    { account: me, amount: payout },
                  ]
                : [];
            return [
              [
                { account: held, amount: -stake },
                { account: house, amount: stake },
              ],
              paid,
            ];
          },
        },
      );
    }
  } catch (error) {
    if (error instanceof Moved) return;
    throw error;
  }
  // A paid game is told to the live feed, which shows no seed.
  if (closed.bet && stake > BigInt(0)) announceBet(betView(closed.bet, NO_SEED, player, decimals));
}

/**
 * The closing statement and what it writes beside: the game's row moved from open only if its
 * picks are still the ones the outcome was decided on, then its bet row, the round and
 * `bet.settled`. Answers the bet row, or null when the game had moved.
 */
async function closeRow(tx: Tx, row: MinesRow, picks: number[], payout: bigint) {
  const seed = await seedOf(tx, row);
  const { clientSeed } = seed;
  const outcome = play(
    { game: 'mines', mines: row.mines, picks },
    seed.serverSeed,
    clientSeed,
    row.nonce,
    row.edgeBps,
  );
  const state = outcome.win ? 'cashed_out' : 'busted';
  const closedAt = new Date();
  const moved = await tx
    .update(minesGames)
    .set({ state, picks, payout, closedAt })
    .where(
      and(
        eq(minesGames.id, row.id),
        eq(minesGames.state, 'open'),
        sql`cardinality(${minesGames.picks}) = ${row.picks.length}`,
      ),
    )
    .returning({ id: minesGames.id });
  if (!moved.length) return null;
  const bet: typeof originalBets.$inferSelect = {
    id: row.id,
    userId: row.userId,
    // The request's key stays the game's: a Dice bet's key cannot collide with a closed game.
    idempotencyKey: null,
    game: 'mines',
    currency: row.currency,
    stake: row.stake,
    payout,
    multiplier: fractionText(outcome.multiplier),
    seedId: row.seedId,
    nonce: row.nonce,
    params: { game: 'mines', mines: row.mines },
    result: { ...outcome.result, win: outcome.win },
    mappingVersion: MAPPING_VERSIONS.mines,
    edgeBps: row.edgeBps,
    tableId: null,
    createdAt: closedAt,
  };
  const zero = BigInt(0).toString();
  await settleRound(
    tx,
    {
      product: 'originals',
      game: 'mines',
      roundId: row.id,
      userId: row.userId,
      currency: row.currency,
      stake: { real: row.stake.toString(), bonus: zero },
      payout: { real: payout.toString(), bonus: zero },
      status: outcome.win ? 'cashed_out' : 'lost',
      edgeBps: row.edgeBps,
      shape: { game: 'mines', mines: row.mines, picks: picks.length },
      fairness: fairnessOf(
        { seedId: seed.id, serverSeedHash: seed.serverSeedHash, clientSeed },
        row.nonce,
      ),
    },
    { alongside: tx.insert(originalBets).values(bet).getSQL() },
  );
  return bet;
}
