import { handler } from '@/lib/server/http/handler';
import { revealTile } from '@/lib/server/originals/mines';
import { originalsRoutes } from '@/lib/server/originals/routes';

export const POST = handler(originalsRoutes.reveal, async ({ player, params, body }) =>
  revealTile(await player(), params.id, body.tile),
);
