import { handler } from '@/lib/server/http/handler';
import { originalsRoutes } from '@/lib/server/originals/routes';
import { findBet } from '@/lib/server/originals/views';

export const GET = handler(originalsRoutes.betById, ({ params }) => findBet(params.id));
