import { handler } from '@/lib/server/http/handler';
import { sendAgentText } from '@/lib/server/support/messages';
import { supportRoutes } from '@/lib/server/support/routes';

export const POST = handler(supportRoutes.reply, ({ actor, params, body }) =>
  sendAgentText(actor, params.id, body.text),
);
