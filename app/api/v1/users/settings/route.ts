import { settingsSchema } from '@/lib/schemas/player';
import { handler } from '@/lib/server/http/handler';
import { updateSettings } from '@/lib/server/players/account';

export const PATCH = handler({ auth: 'required', body: settingsSchema }, ({ user, body }) =>
  updateSettings(user, body),
);
