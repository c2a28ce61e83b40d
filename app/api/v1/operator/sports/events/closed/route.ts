import { handler } from '@/lib/server/http/handler';
import { closedRoomEvents } from '@/lib/server/sportsbook/room';
import { sportsbookRoutes } from '@/lib/server/sportsbook/routes';

export const GET = handler(sportsbookRoutes.closedEvents, ({ query }) =>
  closedRoomEvents(query.offset, query.limit),
);
