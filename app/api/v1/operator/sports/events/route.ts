import { handler } from '@/lib/server/http/handler';
import { roomEvents } from '@/lib/server/sportsbook/room';
import { sportsbookRoutes } from '@/lib/server/sportsbook/routes';

export const GET = handler(sportsbookRoutes.roomEvents, ({ query }) =>
  roomEvents(query.offset, query.limit),
);
