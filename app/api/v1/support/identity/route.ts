import { handler } from '@/lib/server/http/handler';
import { chatwootIdentity } from '@/lib/server/support/chatwoot';
import { supportRoutes } from '@/lib/server/support/routes';

export const GET = handler(supportRoutes.identity, ({ user }) => chatwootIdentity(user.id));
