import { handler } from '@/lib/server/http/handler';
import { addCannedReply, cannedReplies } from '@/lib/server/support/inbox';
import { supportRoutes } from '@/lib/server/support/routes';

export const GET = handler(supportRoutes.canned, () => cannedReplies());
export const POST = handler(supportRoutes.addCanned, ({ actor, body }) =>
  addCannedReply(actor, body.title, body.text),
);
