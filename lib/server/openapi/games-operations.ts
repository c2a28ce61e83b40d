import 'server-only';
import { z } from 'zod';
import {
  casinoGamesQuerySchema,
  favoriteSchema,
  gameProviderSchema,
  gameSchema,
  gamesPageSchema,
  gamesQuerySchema,
  providersQuerySchema,
} from '@/lib/schemas/games';
import type { Operation } from './operations';

const tags = ['games'];

/** The game catalog (issue: casino and slots). */
export const gamesOperations: Operation[] = [
  {
    method: 'get',
    path: '/games',
    operationId: 'listGames',
    summary: 'Games list: limit, page, search, filter, category, provider, platform',
    tags,
    query: gamesQuerySchema,
    response: gamesPageSchema,
  },
  {
    method: 'get',
    path: '/games/casino',
    operationId: 'casinoGames',
    summary: 'Casino games: category, endpoint, search',
    tags,
    query: casinoGamesQuerySchema,
    response: gamesPageSchema,
  },
  {
    method: 'get',
    path: '/games/hot',
    operationId: 'hotGames',
    summary: 'Hot games',
    tags,
    query: gamesQuerySchema,
    response: gamesPageSchema,
  },
  {
    method: 'get',
    path: '/games/providers',
    operationId: 'gameProviders',
    summary: 'Studios with their game counts',
    tags,
    query: providersQuerySchema,
    response: z.array(gameProviderSchema),
  },
  {
    method: 'get',
    path: '/games/favorites',
    operationId: 'favoriteGames',
    summary: "Games list, favorites variant: the player's favourites",
    tags,
    auth: 'required',
    response: gamesPageSchema,
  },
  {
    method: 'post',
    path: '/games/favorites',
    operationId: 'addFavorite',
    summary: 'Adds a favourite',
    tags,
    auth: 'required',
    body: favoriteSchema,
    response: z.object({ gameId: z.uuid(), favorite: z.boolean() }),
  },
  {
    method: 'delete',
    path: '/games/favorites/{gameId}',
    operationId: 'removeFavorite',
    summary: 'Removes a favourite',
    tags,
    auth: 'required',
    response: z.object({ gameId: z.uuid(), favorite: z.boolean() }),
  },
  {
    method: 'get',
    path: '/games/recent',
    operationId: 'recentGames',
    summary: 'Recently played',
    tags,
    auth: 'required',
    response: gamesPageSchema,
  },
  {
    method: 'get',
    path: '/games/{slug}',
    operationId: 'game',
    summary: 'One game and similar games',
    tags,
    response: z.object({ game: gameSchema, similar: z.array(gameSchema) }),
  },
  {
    method: 'post',
    path: '/games/{slug}/play',
    operationId: 'playGame',
    summary: 'Opens a game (recorded as recently played when signed in)',
    tags,
    auth: 'optional',
    response: z.object({
      mode: z.enum(['demo', 'real']),
      launchUrl: z.string().nullable(),
      recorded: z.boolean(),
    }),
  },
];
