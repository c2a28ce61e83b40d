import { removeFavorite } from '@/lib/server/games/catalog';
import { gamesRoutes } from '@/lib/server/games/routes';
import { handler } from '@/lib/server/http/handler';

export const DELETE = handler(gamesRoutes.removeFavorite, ({ user, params }) =>
  removeFavorite(user.id, params.gameId),
);
