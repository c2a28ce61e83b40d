import type { Game } from './games';

// Apart from games.ts so the browser's lobby code does not pull zod in with it.
/** What a game card draws: a lobby's first screen hands only this to the browser. */
export type GameCardData = Pick<Game, 'id' | 'slug' | 'name' | 'icon' | 'rtpValue' | 'btcValue'> & {
  provider: Pick<Game['provider'], 'name'>;
};
export const toGameCardData = (game: Game): GameCardData => ({
  id: game.id,
  slug: game.slug,
  name: game.name,
  icon: game.icon,
  rtpValue: game.rtpValue,
  btcValue: game.btcValue,
  provider: { name: game.provider.name },
});
