import { handler } from '@/lib/server/http/handler';
import { liveEvents } from '@/lib/server/sportsbook/events';
import { sportsbookRoutes } from '@/lib/server/sportsbook/routes';

export const GET = handler(sportsbookRoutes.live, () => liveEvents());
