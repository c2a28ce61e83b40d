import { handler } from '@/lib/server/http/handler';
import { playerSupport } from '@/lib/server/support/player-support';
import { supportRoutes } from '@/lib/server/support/routes';

export const GET = handler(supportRoutes.conversation, ({ user }) => playerSupport(user.id));
