import { config } from '@/lib/config';
import { hub88Wallet, isHub88Operation } from '@/lib/server/casino/hub88/wallet-api';
import { ApiError } from '@/lib/server/http/api-error';
import { handler } from '@/lib/server/http/handler';

/** What is not one of Hub88's five operations (or Hub88 is not configured) is the API's own 404. */
const notFound = handler({}, () => {
  throw new ApiError('NOT_FOUND');
});

/**
 * Hub88's Wallet API (user/info, user/balance, transaction/bet|win|rollback): its own protocol —
 * HTTP 200 with an RS_* status, the body signed by Hub88 — so not the platform's route wrapper.
 */
export async function POST(
  request: Request,
  context: { params: Promise<{ op: string[] }> },
): Promise<Response> {
  const op = (await context.params).op.join('/');
  if (config.GAMES_AGGREGATOR !== 'hub88' || !isHub88Operation(op)) return notFound(request);
  return hub88Wallet(op, request);
}
