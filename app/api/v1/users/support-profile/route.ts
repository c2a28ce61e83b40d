import { handler } from '@/lib/server/http/handler';
import { supportProfileOf } from '@/lib/server/players/account';
import { playerRoutes } from '@/lib/server/players/routes';

/** Support widget data (spec §7): data.memberInfo. */
export const GET = handler(playerRoutes.supportProfile, ({ user }) => supportProfileOf(user));
