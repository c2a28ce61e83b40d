import { handler } from '@/lib/server/http/handler';
import { sendPlayerText } from '@/lib/server/support/messages';
import { playerHistory } from '@/lib/server/support/player-support';
import { supportRoutes } from '@/lib/server/support/routes';

export const GET = handler(supportRoutes.history, ({ user, query }) =>
  playerHistory(user.id, query.before),
);
export const POST = handler(supportRoutes.send, ({ user, body }) =>
  sendPlayerText(user.id, body.text),
);
