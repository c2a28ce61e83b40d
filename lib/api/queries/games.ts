import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { toGameCardData, type GameCardData } from '@/lib/schemas/game-card';
import type { Game, GameProvider, GamesPage, GamesQuery } from '@/lib/schemas/games';
import { CAROUSEL_LIMIT, GAMES_PAGE_SIZE } from '@/lib/schemas/games-limits';
import { apiRequest } from '../client';
import { playerKeys } from './player';

/** A games list as a query key and its request: the list call's own query, minus the page. */
export type GamesParams = Partial<Omit<GamesQuery, 'page' | 'platform'>>;

/** Public catalog data: the server prefetches these and the browser hydrates and continues them. */
export const gamesKeys = {
  all: ['games'] as const,
  page: (params: GamesParams) => ['games', 'page', params] as const,
  preview: (params: GamesParams) => ['games', 'preview', params] as const,
  infinite: (params: GamesParams) => ['games', 'infinite', params] as const,
  providers: (section?: string) => ['games', 'providers', section ?? 'all'] as const,
  game: (slug: string) => ['games', 'game', slug] as const,
};

const listGames = (params: GamesParams & { page?: number }, signal?: AbortSignal) =>
  apiRequest<GamesPage>('/games', { query: params, signal, revalidate: 30 });

/** One page of games: lobby carousels (limit 32). */
export const gamesPageQuery = (params: GamesParams) =>
  queryOptions({
    queryKey: gamesKeys.page(params),
    queryFn: ({ signal }) => listGames(params, signal),
  });

/**
 * A lobby row's first screen, kept as card data only: the server's prefetch is serialized into
 * the page, and the fields no card draws would be a third of its bytes.
 */
export const gamesPreviewQuery = (params: GamesParams) =>
  queryOptions({
    queryKey: gamesKeys.preview(params),
    queryFn: async ({ signal }): Promise<{ data: GameCardData[]; totalDocuments: number }> => {
      const page = await listGames(params, signal);
      return { data: page.data.map(toGameCardData), totalDocuments: page.totalDocuments };
    },
  });

/** A category grid: page 1 from the server, then load-more pages in the browser. */
export const gamesInfiniteQuery = (params: GamesParams) =>
  infiniteQueryOptions({
    queryKey: gamesKeys.infinite(params),
    queryFn: ({ pageParam, signal }) =>
      listGames({ limit: GAMES_PAGE_SIZE, ...params, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: GamesPage) =>
      last.page < last.totalPages ? last.page + 1 : undefined,
  });

export const providersQuery = (section?: 'casino' | 'slots') =>
  queryOptions({
    queryKey: gamesKeys.providers(section),
    queryFn: ({ signal }) =>
      apiRequest<GameProvider[]>('/games/providers', {
        query: { section },
        signal,
        revalidate: 60,
      }),
    staleTime: 5 * 60_000,
  });

export const gameQuery = (slug: string) =>
  queryOptions({
    queryKey: gamesKeys.game(slug),
    queryFn: ({ signal }) =>
      apiRequest<{ game: Game; similar: Game[] }>(`/games/${slug}`, { signal, revalidate: 30 }),
  });

/** The signed-in player's favourites (browser only, with the token). */
export const favoritesQuery = () =>
  queryOptions({
    queryKey: [...playerKeys.all, 'favorites'] as const,
    queryFn: ({ signal }) => apiRequest<GamesPage>('/games/favorites', { signal }),
  });

/** The signed-in player's recently played games, newest first (browser only). */
export const recentQuery = () =>
  queryOptions({
    queryKey: [...playerKeys.all, 'recent'] as const,
    queryFn: ({ signal }) => apiRequest<GamesPage>('/games/recent', { signal }),
  });

export const setFavorite = (gameId: string, on: boolean) =>
  on
    ? apiRequest('/games/favorites', { method: 'POST', body: { gameId } })
    : apiRequest(`/games/favorites/${gameId}`, { method: 'DELETE' });

/** real: money through the aggregator; fun: play money; signin: no fun mode; demo: no aggregator. */
export type PlayMode = 'demo' | 'real' | 'fun' | 'signin' | 'unlisted';

export const playGame = (slug: string) =>
  apiRequest<{ mode: PlayMode; launchUrl: string | null }>(`/games/${slug}/play`, {
    method: 'POST',
  });

type Section = 'casino' | 'slots';
/** The same parameters on the server (prefetch) and in the browser (hydration), so the keys match. */
export const lobbyRowParams = (section: Section, category: string): GamesParams => ({
  section,
  category,
  limit: CAROUSEL_LIMIT,
});
/**
 * What a lobby row shows in the server's HTML: a first screen of cards (six fill a desktop row). The rest of the row (up to
 * the carousel limit) loads when the player reaches for it — scrolls, points at or tabs into it.
 */
export const LOBBY_ROW_PREVIEW = 6;
export const lobbyRowPreviewParams = (section: Section, category: string): GamesParams => ({
  ...lobbyRowParams(section, category),
  limit: LOBBY_ROW_PREVIEW,
});
export const lobbyGridParams = (section: Section, category: string): GamesParams => ({
  section,
  category,
});
