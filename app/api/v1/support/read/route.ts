import { handler } from '@/lib/server/http/handler';
import { playerRead } from '@/lib/server/support/player-support';
import { supportRoutes } from '@/lib/server/support/routes';

export const POST = handler(supportRoutes.read, ({ user, body }) => playerRead(user.id, body.upTo));
