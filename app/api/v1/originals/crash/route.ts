import { handler } from '@/lib/server/http/handler';
import { crashState } from '@/lib/server/originals/crash/view';
import { originalsRoutes } from '@/lib/server/originals/routes';

export const GET = handler(originalsRoutes.crashState, async ({ user }) =>
  crashState(user ?? null),
);
