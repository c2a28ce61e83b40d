import { z } from 'zod';
import { casinoTabs, slotsTabs } from '@/lib/site/paths';

import { CAROUSEL_LIMIT, GAMES_MAX_LIMIT, GAMES_PAGE_SIZE } from './games-limits';

export * from './games-limits';

/** Every casino and slots tab that lists games (the providers tab lists studios, not games). */
export const gameCategories = [...new Set([...casinoTabs, ...slotsTabs])].filter(
  (tab) => tab !== 'providers',
) as [string, ...string[]];
export const gameSections = ['casino', 'slots'] as const;
export const gameSorts = ['popular', 'newest', 'name'] as const;

/** Games list query (spec §7): limit, page, search, filter, category, provider, platform. */
export const gamesQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(GAMES_MAX_LIMIT).default(GAMES_PAGE_SIZE),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    search: z.string().trim().max(100).optional(),
    /** The order: popular (default), newest or name. */
    filter: z.enum(gameSorts).default('popular'),
    category: z.enum(gameCategories).optional(),
    provider: z
      .string()
      .regex(/^[a-z0-9-]{1,64}$/)
      .optional(),
    platform: z.enum(['desktop', 'mobile']).optional(),
    /** casino or slots; `endpoint` in the Casino games call. */
    section: z.enum(gameSections).optional(),
  })
  .meta({ id: 'GamesQuery' });
export type GamesQuery = z.infer<typeof gamesQuerySchema>;

/** Casino games call (spec §7): category, endpoint (the section), search. */
export const casinoGamesQuerySchema = z
  .object({
    category: z.enum(gameCategories).optional(),
    endpoint: z.enum(gameSections).default('casino'),
    search: z.string().trim().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(GAMES_MAX_LIMIT).default(CAROUSEL_LIMIT),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .meta({ id: 'CasinoGamesQuery' });

export const gameSchema = z
  .object({
    id: z.string(),
    gameId: z.string(),
    slug: z.string(),
    name: z.string(),
    provider: z.object({ _id: z.string(), slug: z.string(), name: z.string() }),
    section: z.enum(gameSections),
    categories: z.array(z.string()),
    platforms: z.array(z.string()),
    /** Hover text in RTP (spec §3). */
    rtpValue: z.string(),
    /**
     * The aggregator's category for a title it plays (the demo studio's engine), else null: on the
     * game page's answer only, not in lists.
     */
    engine: z.string().nullish(),
    /** Footer text in BTC (spec §3): the game's maximum win, shown as "Max win 0.012 BTC". */
    btcValue: z.string().describe("The game's maximum win in BTC (the card's footer)"),
    icon: z.string(),
    hot: z.boolean(),
  })
  .meta({ id: 'Game' });
export type Game = z.infer<typeof gameSchema>;

/** Games list response (spec §3): data, limit, page, totalDocuments, totalPages. */
export const gamesPageSchema = z
  .object({
    data: z.array(gameSchema),
    limit: z.number().int(),
    page: z.number().int(),
    totalDocuments: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'GamesPage' });
export type GamesPage = z.infer<typeof gamesPageSchema>;

export const gameProviderSchema = z
  .object({
    _id: z.string(),
    slug: z.string(),
    name: z.string(),
    logo: z.string(),
    gamesCount: z.number().int(),
  })
  .meta({ id: 'GameProvider' });
export type GameProvider = z.infer<typeof gameProviderSchema>;

export const favoriteSchema = z.object({ gameId: z.uuid() }).meta({ id: 'FavoriteGame' });
export const favoriteStateSchema = z.object({ gameId: z.uuid(), favorite: z.boolean() });
export const slugParamsSchema = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,100}$/) });
export const providersQuerySchema = z.object({ section: z.enum(gameSections).optional() });

/** The game page's data: one game and games like it. */
export const gameWithSimilarSchema = z.object({ game: gameSchema, similar: z.array(gameSchema) });

/** Opening a game: the demo frame or the aggregator's launch address, and whether it was recorded. */
export const playResultSchema = z.object({
  /**
   * real: the player's money through the aggregator's wallet; fun: play money for a guest;
   * signin: the game has no fun mode, a guest signs in to play; demo: no aggregator configured; unlisted: the aggregator does not play this title.
   */
  mode: z.enum(['demo', 'real', 'fun', 'signin', 'unlisted']),
  launchUrl: z.string().nullable(),
  recorded: z.boolean(),
});
