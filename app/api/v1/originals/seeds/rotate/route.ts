import { handler } from '@/lib/server/http/handler';
import { originalsRoutes } from '@/lib/server/originals/routes';
import { rotateSeeds } from '@/lib/server/originals/seeds';

export const POST = handler(originalsRoutes.rotate, ({ user, body }) =>
  rotateSeeds(user.id, body.clientSeed),
);
