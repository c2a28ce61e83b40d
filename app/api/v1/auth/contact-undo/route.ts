import { handler } from '@/lib/server/http/handler';
import { undoContactChange } from '@/lib/server/players/contact-change';
import { profileRoutes } from '@/lib/server/players/profile-routes';

export const POST = handler(profileRoutes.undoContact, ({ body }) => undoContactChange(body.token));
