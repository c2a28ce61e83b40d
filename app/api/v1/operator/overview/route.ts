import { handler } from '@/lib/server/http/handler';
import { overview } from '@/lib/server/operator/overview';
import { operatorRoutes } from '@/lib/server/operator/routes';

export const GET = handler(operatorRoutes.overview, ({ actor }) => overview(actor.role));
