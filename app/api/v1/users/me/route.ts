import { handler } from '@/lib/server/http/handler';
import { currentUser } from '@/lib/server/players/account';

/** Current user (spec §7). */
export const GET = handler({ auth: 'required' }, ({ user }) => currentUser(user));
