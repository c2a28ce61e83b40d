import { favoriteSchema } from '@/lib/schemas/games';
import { removeFavorite } from '@/lib/server/games/catalog';
import { handler } from '@/lib/server/http/handler';

export const DELETE = handler({ auth: 'required', params: favoriteSchema }, ({ user, params }) =>
  removeFavorite(user.id, params.gameId),
);
