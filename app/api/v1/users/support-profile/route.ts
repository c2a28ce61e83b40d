import { handler } from '@/lib/server/http/handler';
import { playerRoutes } from '@/lib/server/players/routes';
import { memberInfoOf } from '@/lib/server/support/member-info';

/** Support widget data (spec §7): data.memberInfo. */
export const GET = handler(playerRoutes.supportProfile, async ({ user }) => ({
  memberInfo: await memberInfoOf(user.id),
}));
