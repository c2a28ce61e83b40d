import { handler } from '@/lib/server/http/handler';
import { updateBook } from '@/lib/server/sportsbook/book';
import { sportsbookRoutes } from '@/lib/server/sportsbook/routes';

export const PUT = handler(sportsbookRoutes.updateBookSettings, ({ actor, params, body }) =>
  updateBook(actor, params.sport, params.phase, body),
);
