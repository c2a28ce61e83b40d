import { addFavorite, listFavorites } from '@/lib/server/games/catalog';
import { gamesRoutes } from '@/lib/server/games/routes';
import { handler } from '@/lib/server/http/handler';

export const GET = handler(gamesRoutes.favorites, ({ user }) => listFavorites(user.id));

export const POST = handler(gamesRoutes.addFavorite, ({ user, body }) =>
  addFavorite(user.id, body.gameId),
);
