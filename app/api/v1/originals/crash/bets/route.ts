import { handler } from '@/lib/server/http/handler';
import { joinRound } from '@/lib/server/originals/crash/bets';
import { originalsRoutes } from '@/lib/server/originals/routes';

export const POST = handler(originalsRoutes.crashJoin, async ({ player, body }) =>
  joinRound(await player(), body),
);
