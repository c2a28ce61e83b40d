import { handler } from '@/lib/server/http/handler';
import { playerUnread } from '@/lib/server/support/player-support';
import { supportRoutes } from '@/lib/server/support/routes';

export const GET = handler(supportRoutes.unread, ({ user }) => playerUnread(user.id));
