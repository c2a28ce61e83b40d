import { isLoopback } from '@/lib/serve/client-address';
import { listOutbox, outboxEnabled } from '@/lib/server/delivery/outbox';
import { ApiError } from '@/lib/server/http/api-error';
import { handler } from '@/lib/server/http/handler';

/** The development outbox: on a local demo only, and only to a reader on the same machine. */
export const GET = handler({}, ({ meta }) => {
  if (!outboxEnabled() || !isLoopback(meta.ip)) throw new ApiError('NOT_FOUND');
  return listOutbox();
});
