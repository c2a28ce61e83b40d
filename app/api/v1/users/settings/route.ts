import { handler } from '@/lib/server/http/handler';
import { updateSettings } from '@/lib/server/players/account';
import { playerRoutes } from '@/lib/server/players/routes';

export const PATCH = handler(playerRoutes.settings, ({ user, body }) => updateSettings(user, body));
