import { handler } from '@/lib/server/http/handler';
import { sectionEvents } from '@/lib/server/sportsbook/events';
import { sportsbookRoutes } from '@/lib/server/sportsbook/routes';

export const GET = handler(sportsbookRoutes.events, ({ query }) =>
  sectionEvents(query.sport, query.limit),
);
