import 'server-only';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Game, GameProvider, GamesPage, GamesQuery } from '@/lib/schemas/games';
import { getDb } from '@/lib/server/db';
import { favoriteGames, gameProviders, games, recentGames } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { cachedCatalog } from './cache';
import { searchTerms } from './search';

const columns = {
  id: games.id,
  gameId: games.gameId,
  slug: games.slug,
  name: games.name,
  section: games.section,
  categories: games.categories,
  platforms: games.platforms,
  rtp: games.rtp,
  btcValue: games.btcValue,
  icon: games.icon,
  hot: games.hot,
  aggregatorRtp: games.aggregatorRtp,
  aggregatorCategory: games.aggregatorCategory,
  providerId: gameProviders.id,
  providerSlug: gameProviders.slug,
  providerName: gameProviders.name,
};

/**
 * A title players may see: enabled, and not one the configured aggregator's list leaves out (the
 * demo catalog's invented titles under a real aggregator).
 */
const shown = and(
  eq(games.enabled, true),
  sql`${games.aggregatorState} IS DISTINCT FROM 'absent'`,
)!;

type Row = {
  [K in keyof typeof columns]: (typeof columns)[K]['_']['notNull'] extends true
    ? (typeof columns)[K]['_']['data']
    : (typeof columns)[K]['_']['data'] | null;
};

function toGame(r: Row): Game {
  return {
    id: r.id,
    gameId: r.gameId,
    slug: r.slug,
    name: r.name,
    provider: { _id: r.providerId, slug: r.providerSlug, name: r.providerName },
    section: r.section,
    categories: r.categories,
    platforms: r.platforms,
    // The aggregator's figure for a title it plays: the catalog's own is only a demo's.
    rtpValue: `${r.aggregatorRtp ?? r.rtp}%`,
    btcValue: r.btcValue,
    icon: r.icon,
    hot: r.hot,
  };
}

function filters(query: Partial<GamesQuery>): SQL[] {
  const where: SQL[] = [shown, eq(gameProviders.enabled, true)];
  if (query.section) where.push(eq(games.section, query.section));
  if (query.category === 'hot-games') where.push(eq(games.hot, true));
  else if (query.category && query.category !== 'lobby') {
    where.push(sql`${games.categories} @> ARRAY[${query.category}]::text[]`);
  }
  if (query.provider) where.push(eq(gameProviders.slug, query.provider));
  if (query.platform) where.push(sql`${games.platforms} @> ARRAY[${query.platform}]::text[]`);
  return where;
}

/** Games list (spec §7): filtered, searched and paged; `totalPages` is at least 1. */
export function listGames(query: GamesQuery): Promise<GamesPage> {
  const key = JSON.stringify([
    query.section,
    query.category,
    query.provider,
    query.platform,
    query.filter,
    query.search?.trim().toLowerCase(),
    query.limit,
    query.page,
  ]);
  return cachedCatalog(key, () => readGames(query));
}

async function readGames(query: GamesQuery): Promise<GamesPage> {
  const db = await getDb();
  const where = filters(query);
  const search = query.search?.trim();
  const terms = search ? searchTerms(search) : null;
  if (terms) where.push(terms.where);
  const order: SQL[] = terms
    ? [terms.rank, sql`${terms.similarity} DESC`, desc(games.popularity)]
    : query.filter === 'newest'
      ? [desc(games.releaseDate)]
      : query.filter === 'name'
        ? [asc(games.searchText)]
        : [desc(games.popularity)];
  // One round trip: the page and, beside every row, the total the filters match.
  const rows = await db
    .select({ ...columns, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(and(...where))
    .orderBy(...order, asc(games.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  // A page past the end has no rows to carry the total: count separately only then.
  const totalDocuments =
    rows[0]?.total ??
    (query.page > 1
      ? ((
          await db
            .select({ value: count() })
            .from(games)
            .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
            .where(and(...where))
        )[0]?.value ?? 0)
      : 0);
  return {
    data: rows.map(toGame),
    limit: query.limit,
    page: query.page,
    totalDocuments,
    totalPages: Math.max(1, Math.ceil(totalDocuments / query.limit)),
  };
}

/** One game by its address, with similar games (same section, sharing a category or the studio). */
export async function gameBySlug(slug: string): Promise<{ game: Game; similar: Game[] }> {
  const db = await getDb();
  const [row] = await db
    .select(columns)
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(and(eq(games.slug, slug), shown))
    .limit(1);
  if (!row) throw new ApiError('NOT_FOUND');
  const similar = await db
    .select(columns)
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(
      and(
        shown,
        eq(games.section, row.section),
        sql`${games.id} <> ${row.id}`,
        sql`(${games.categories} && ${sql.param(row.categories)}::text[] OR ${games.providerId} = ${row.providerId})`,
      ),
    )
    .orderBy(desc(games.popularity))
    .limit(12);
  // The game page says which engine a title runs; lists leave it out (every lobby's HTML carries
  // its rows, and the cards do not show it).
  return {
    game: { ...toGame(row), engine: row.aggregatorCategory },
    similar: similar.map(toGame),
  };
}

/** The studios, with how many enabled games each has (in a section, if given). */
export async function listProviders(section?: 'casino' | 'slots'): Promise<GameProvider[]> {
  const db = await getDb();
  const rows = await db
    .select({
      _id: gameProviders.id,
      slug: gameProviders.slug,
      name: gameProviders.name,
      logo: gameProviders.logo,
      gamesCount: count(games.id),
    })
    .from(gameProviders)
    .innerJoin(
      games,
      and(
        eq(games.providerId, gameProviders.id),
        shown,
        section ? eq(games.section, section) : undefined,
      ),
    )
    .where(eq(gameProviders.enabled, true))
    .groupBy(gameProviders.id)
    .orderBy(asc(gameProviders.name));
  return rows;
}

async function gameExists(id: string): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.id, id), shown));
  if (!row) throw new ApiError('NOT_FOUND');
}

export async function addFavorite(userId: string, gameId: string) {
  await gameExists(gameId);
  const db = await getDb();
  await db.insert(favoriteGames).values({ userId, gameId }).onConflictDoNothing();
  return { gameId, favorite: true };
}

export async function removeFavorite(userId: string, gameId: string) {
  const db = await getDb();
  await db
    .delete(favoriteGames)
    .where(and(eq(favoriteGames.userId, userId), eq(favoriteGames.gameId, gameId)));
  return { gameId, favorite: false };
}

/** The player's own list (favourites newest first, or recently played), in the Games list shape. */
async function playerList(
  userId: string,
  table: typeof favoriteGames | typeof recentGames,
  limit: number,
): Promise<GamesPage> {
  const db = await getDb();
  const stamp = table === favoriteGames ? favoriteGames.createdAt : recentGames.playedAt;
  const rows = await db
    .select(columns)
    .from(table)
    .innerJoin(games, eq(games.id, table.gameId))
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(and(eq(table.userId, userId), shown))
    .orderBy(desc(stamp))
    .limit(limit);
  return { data: rows.map(toGame), limit, page: 1, totalDocuments: rows.length, totalPages: 1 };
}

export const listFavorites = (userId: string) => playerList(userId, favoriteGames, 100);
export const listRecent = (userId: string) => playerList(userId, recentGames, 20);

/** Recently played: the launch moves the game to the top of the player's list. */
export async function recordPlay(userId: string, gameId: string): Promise<void> {
  const db = await getDb();
  await db
    .insert(recentGames)
    .values({ userId, gameId })
    .onConflictDoUpdate({
      target: [recentGames.userId, recentGames.gameId],
      set: { playedAt: new Date() },
    });
}
