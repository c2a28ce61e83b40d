import { handler } from '@/lib/server/http/handler';
import { eventById } from '@/lib/server/sportsbook/events';
import { sportsbookRoutes } from '@/lib/server/sportsbook/routes';

export const GET = handler(sportsbookRoutes.event, ({ params }) => eventById(params.id));
