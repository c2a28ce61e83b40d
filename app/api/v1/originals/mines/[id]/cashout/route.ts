import { handler } from '@/lib/server/http/handler';
import { cashOut } from '@/lib/server/originals/mines';
import { originalsRoutes } from '@/lib/server/originals/routes';

export const POST = handler(originalsRoutes.cashOut, async ({ player, params }) =>
  cashOut(await player(), params.id),
);
