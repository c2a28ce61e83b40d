import { handler } from '@/lib/server/http/handler';
import { sendPlayerImage } from '@/lib/server/support/messages';
import { supportRoutes } from '@/lib/server/support/routes';

export const POST = handler(supportRoutes.sendImage, ({ user, request }) =>
  sendPlayerImage(user.id, request),
);
