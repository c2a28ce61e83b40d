import { handler } from '@/lib/server/http/handler';
import { openMines } from '@/lib/server/originals/mines';
import { openGameOf } from '@/lib/server/originals/mines-view';
import { originalsRoutes } from '@/lib/server/originals/routes';

export const GET = handler(originalsRoutes.openMines, async ({ user }) => ({
  game: await openGameOf(user.id),
}));

export const POST = handler(originalsRoutes.startMines, async ({ player, body }) =>
  openMines(await player(), body),
);
