import { handler } from '@/lib/server/http/handler';
import { cashOut } from '@/lib/server/sportsbook/cashout';
import { sportsbookRoutes } from '@/lib/server/sportsbook/routes';

export const POST = handler(sportsbookRoutes.cashOut, ({ user, params, body }) =>
  cashOut(user.id, params.id, body.amount, body.oddsRule),
);
