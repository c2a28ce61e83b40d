import { listOutbox, outboxEnabled } from '@/lib/server/delivery/outbox';
import { ApiError } from '@/lib/server/http/api-error';
import { handler } from '@/lib/server/http/handler';

/** The development outbox: only with DEV_OUTBOX; otherwise it does not exist. */
export const GET = handler({}, () => {
  if (!outboxEnabled()) throw new ApiError('NOT_FOUND');
  return listOutbox();
});
