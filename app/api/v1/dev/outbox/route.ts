import { isLoopback } from '@/lib/serve/client-address';
import { listOutbox, outboxEnabled } from '@/lib/server/delivery/outbox';
import { ApiError } from '@/lib/server/http/api-error';
import { handler } from '@/lib/server/http/handler';
import { clientAddress } from '@/lib/server/http/rate-limit';

/** The development outbox: on a local demo only, and only to a reader on the same machine. */
export const GET = handler({}, ({ request }) => {
  if (!outboxEnabled() || !isLoopback(clientAddress(request))) throw new ApiError('NOT_FOUND');
  return listOutbox();
});
