import { handler } from '@/lib/server/http/handler';
import { supportImage } from '@/lib/server/support/player-support';
import { supportRoutes } from '@/lib/server/support/routes';

export const GET = handler(supportRoutes.staffImage, ({ params }) =>
  supportImage(params.name, null),
);
