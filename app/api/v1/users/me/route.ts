import { handler } from '@/lib/server/http/handler';
import { currentUser } from '@/lib/server/players/account';
import { playerRoutes } from '@/lib/server/players/routes';

/** Current user (spec §7). */
export const GET = handler(playerRoutes.me, ({ user }) => currentUser(user));
