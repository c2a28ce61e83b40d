import { handler } from '@/lib/server/http/handler';
import { protectionRoutes } from '@/lib/server/protection/routes';
import { playSession } from '@/lib/server/protection/service';

export const GET = handler(protectionRoutes.playSession, ({ user }) => playSession(user));
