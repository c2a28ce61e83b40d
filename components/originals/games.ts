import type { BetParams, InstantParams, OriginalGame } from '@/lib/schemas/originals';

/** The originals the lobby lists, in its order, with the parameters a new player starts from. */
export const originalGamesList: readonly OriginalGame[] = ['dice', 'limbo', 'plinko', 'mines'];

export const defaultParams = {
  dice: { game: 'dice', target: 50.5, side: 'over' },
  limbo: { game: 'limbo', target: 2 },
  plinko: { game: 'plinko', rows: 16, risk: 'medium' },
  mines: { game: 'mines', mines: 3 },
} satisfies Record<OriginalGame, BetParams>;

export type InstantGame = InstantParams['game'];

export const isOriginalGame = (value: string): value is OriginalGame =>
  (originalGamesList as readonly string[]).includes(value);

export const gameHref = (game: OriginalGame) => `/x-games/${game}`;
export const betHref = (id: string) => `/x-games/bet/${id}`;
