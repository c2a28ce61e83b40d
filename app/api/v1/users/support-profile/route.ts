import { handler } from '@/lib/server/http/handler';
import { supportProfileOf } from '@/lib/server/players/account';

/** Support widget data (spec §7): data.memberInfo. */
export const GET = handler({ auth: 'required' }, ({ user }) => supportProfileOf(user));
