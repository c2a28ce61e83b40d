import { favoriteSchema } from '@/lib/schemas/games';
import { addFavorite, listFavorites } from '@/lib/server/games/catalog';
import { handler } from '@/lib/server/http/handler';

/** The favorites variant of the Games list (spec §7): no query, the signed-in player's games. */
export const GET = handler({ auth: 'required' }, ({ user }) => listFavorites(user.id));

export const POST = handler({ auth: 'required', body: favoriteSchema }, ({ user, body }) =>
  addFavorite(user.id, body.gameId),
);
