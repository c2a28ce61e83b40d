import { handler } from '@/lib/server/http/handler';
import { close } from '@/lib/server/support/inbox';
import { supportRoutes } from '@/lib/server/support/routes';

export const POST = handler(supportRoutes.close, ({ actor, params }) => close(actor, params.id));
