import 'server-only';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { decimalText, parseFraction } from '@/lib/fairness/outcome';
import { betParamsSchema, type Bet, type LiveBets } from '@/lib/schemas/originals';
import { getDb, type Db } from '@/lib/server/db';
import { fairSeeds, originalBets, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { cachedPrecision, formatMinor } from '@/lib/server/wallet/amounts';

type BetRow = typeof originalBets.$inferSelect;
type SeedRow = Pick<
  typeof fairSeeds.$inferSelect,
  'serverSeedHash' | 'clientSeed' | 'revealed' | 'state'
>;

/**
 * A bet as every caller sees it: the server seed only once it is retired (a live one would let
 * anyone foresee the player's next results), the player's name only when they show it.
 */
export function betView(
  row: BetRow,
  seed: SeedRow,
  player: { username: string; hideName: boolean },
  decimals: number,
): Bet {
  return {
    id: row.id,
    game: betParamsSchema.parse(row.params).game,
    currency: row.currency,
    amount: formatMinor(row.stake, decimals),
    payout: formatMinor(row.payout, decimals),
    multiplier: decimalText(parseFraction(row.multiplier)),
    win: row.result.win === true,
    params: betParamsSchema.parse(row.params),
    result: row.result,
    serverSeedHash: seed.serverSeedHash,
    serverSeed: seed.state === 'retired' ? seed.revealed : null,
    clientSeed: seed.clientSeed ?? '',
    nonce: row.nonce,
    mappingVersion: row.mappingVersion,
    edgeBps: row.edgeBps,
    tableId: row.tableId,
    player: player.hideName ? null : player.username,
    createdAt: row.createdAt.toISOString(),
  };
}

/** For a view that shows no seed (the live feed's): nothing of one. */
export const NO_SEED: SeedRow = {
  serverSeedHash: '',
  clientSeed: null,
  revealed: null,
  state: 'active',
};

type Joined = { bet: BetRow; seed: SeedRow; player: { username: string; hideName: boolean } };

/** Bets with their seed and player: a query to narrow (never awaited here, which would run it). */
const betsWithSeed = (db: Db) =>
  db
    .select({
      bet: originalBets,
      seed: {
        serverSeedHash: fairSeeds.serverSeedHash,
        clientSeed: fairSeeds.clientSeed,
        revealed: fairSeeds.revealed,
        state: fairSeeds.state,
      },
      player: { username: users.username, hideName: users.hideName },
    })
    .from(originalBets)
    .innerJoin(fairSeeds, eq(fairSeeds.id, originalBets.seedId))
    .innerJoin(users, eq(users.id, originalBets.userId));

/** A bet as the live feed shows it (the HTTP feed and the socket alike). */
export function liveView(bet: Bet): LiveBets['latest'][number] {
  return {
    id: bet.id,
    game: bet.game,
    player: bet.player,
    currency: bet.currency,
    amount: bet.amount,
    multiplier: bet.multiplier,
    payout: bet.payout,
    createdAt: bet.createdAt,
  };
}

/** One bet by id, for anyone with its link (the public bet page, the verifier). */
export async function findBet(id: string): Promise<Bet> {
  const [row] = await betsWithSeed(await getDb())
    .where(eq(originalBets.id, id))
    .limit(1);
  if (!row) throw new ApiError('NOT_FOUND', 'bet');
  const decimals = (await cachedPrecision()).get(row.bet.currency) ?? 8;
  return betView(row.bet, row.seed, row.player, decimals);
}

/** A bet of the player's by the key it was placed under (a retry's answer). */
export async function betByKey(userId: string, key: string): Promise<Joined | null> {
  const [row] = await betsWithSeed(await getDb())
    .where(and(eq(originalBets.userId, userId), eq(originalBets.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/** How far back big wins reach, and how many of each list the feed shows. */
const BIG_WIN_DAYS = 7;
const FEED_SIZE = 20;
/** A player counts as playing a game for this long after their last bet on it. */
const PLAYING_MINUTES = 15;

/**
 * The live feed: the latest bets that staked money, and the week's biggest multipliers at ×10 or
 * more — names hidden for players who hide them. Amounts in their own currencies (no price is
 * taken: the feed is cached and shared by every guest).
 */
export async function liveBets(): Promise<LiveBets> {
  const precision = await cachedPrecision();
  const db = await getDb();
  const view = (row: Joined) =>
    liveView(betView(row.bet, row.seed, row.player, precision.get(row.bet.currency) ?? 8));
  const latest = await betsWithSeed(db)
    .where(sql`${originalBets.stake} > 0`)
    .orderBy(desc(originalBets.createdAt))
    .limit(FEED_SIZE);
  const since = new Date(Date.now() - BIG_WIN_DAYS * 86_400_000);
  const big = await betsWithSeed(db)
    .where(
      // Written as the partial index's predicate, so the index answers it.
      sql`stake > 0 AND payout >= stake * 10 AND ${gte(originalBets.createdAt, since)}`,
    )
    .orderBy(
      desc(sql`${originalBets.payout} / ${originalBets.stake}`),
      desc(originalBets.createdAt),
    )
    .limit(FEED_SIZE);
  const counted = await db
    .select({
      game: originalBets.game,
      players: sql<number>`count(DISTINCT ${originalBets.userId})::int`,
    })
    .from(originalBets)
    .where(gte(originalBets.createdAt, new Date(Date.now() - PLAYING_MINUTES * 60_000)))
    .groupBy(originalBets.game);
  const players = { dice: 0, limbo: 0, plinko: 0, mines: 0 };
  for (const row of counted) {
    if (row.game in players) players[row.game as keyof typeof players] = Number(row.players);
  }
  return { latest: latest.map(view), bigWins: big.map(view), players };
}
