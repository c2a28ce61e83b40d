import { handler } from '@/lib/server/http/handler';
import { enterResult } from '@/lib/server/sportsbook/room';
import { sportsbookRoutes } from '@/lib/server/sportsbook/routes';

export const POST = handler(sportsbookRoutes.enterResult, ({ actor, params, body }) =>
  enterResult(actor, params.id, body),
);
