import { handler } from '@/lib/server/http/handler';
import { cashOutBet } from '@/lib/server/originals/crash/bets';
import { originalsRoutes } from '@/lib/server/originals/routes';

export const POST = handler(originalsRoutes.crashCashOut, async ({ player, params }) =>
  cashOutBet(await player(), params.id),
);
