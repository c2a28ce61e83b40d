import { handler } from '@/lib/server/http/handler';
import { bookRows } from '@/lib/server/sportsbook/book';
import { sportsbookRoutes } from '@/lib/server/sportsbook/routes';

export const GET = handler(sportsbookRoutes.bookSettings, () => bookRows());
