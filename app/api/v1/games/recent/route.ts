import { listRecent } from '@/lib/server/games/catalog';
import { handler } from '@/lib/server/http/handler';

/** Recently played by the signed-in player, newest first. */
export const GET = handler({ auth: 'required' }, ({ user }) => listRecent(user.id));
