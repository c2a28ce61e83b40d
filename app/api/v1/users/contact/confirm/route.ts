import { handler } from '@/lib/server/http/handler';
import { confirmContactChange } from '@/lib/server/players/contact-change';
import { profileRoutes } from '@/lib/server/players/profile-routes';

export const POST = handler(profileRoutes.confirmContact, async ({ player, body, meta }) =>
  confirmContactChange(await player(), body, meta),
);
