import { handler } from '@/lib/server/http/handler';
import { profileOf } from '@/lib/server/players/account';
import { playerRoutes } from '@/lib/server/players/routes';

export const GET = handler(playerRoutes.profile, ({ user }) => profileOf(user));
