import { handler } from '@/lib/server/http/handler';
import { supportImage } from '@/lib/server/support/player-support';
import { supportRoutes } from '@/lib/server/support/routes';

export const GET = handler(supportRoutes.image, ({ user, params }) =>
  supportImage(params.name, user.id),
);
