import { handler } from '@/lib/server/http/handler';
import { placeSportsBet } from '@/lib/server/sportsbook/bets';
import { sportsbookRoutes } from '@/lib/server/sportsbook/routes';
import { playerBets } from '@/lib/server/sportsbook/views';

export const POST = handler(sportsbookRoutes.placeBet, ({ user, body }) =>
  placeSportsBet(user.id, body),
);

export const GET = handler(sportsbookRoutes.bets, ({ user, query }) =>
  playerBets(user.id, query.state, query.before),
);
