import { handler } from '@/lib/server/http/handler';
import { placeBet } from '@/lib/server/originals/bets';
import { originalsRoutes } from '@/lib/server/originals/routes';

export const POST = handler(originalsRoutes.bet, async ({ player, body }) =>
  placeBet(await player(), body),
);
