import { handler } from '@/lib/server/http/handler';
import { originalsRoutes } from '@/lib/server/originals/routes';
import { currentSeeds } from '@/lib/server/originals/seeds';

export const GET = handler(originalsRoutes.seeds, ({ user }) => currentSeeds(user.id));
