import { errorLogSchema } from '@/lib/schemas/error-log';
import { handler } from '@/lib/server/http/handler';
import { clientAddress, createRateLimiter } from '@/lib/server/http/rate-limit';
import { recordErrorLog } from '@/lib/server/logs/error-log';

// Anyone may report an error, so one address may not fill the table: 30 reports a minute.
const limiter = createRateLimiter({ limit: 30, windowMs: 60_000 });

export const POST = handler(
  { body: errorLogSchema, auth: 'optional' },
  ({ request, body, user }) => {
    limiter.hit(clientAddress(request));
    return recordErrorLog(body, user);
  },
);
