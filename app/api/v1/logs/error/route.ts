import { errorLogSchema } from '@/lib/schemas/error-log';
import { handler } from '@/lib/server/http/handler';
import { clientAddress, hitLimit } from '@/lib/server/http/rate-limit';
import { recordErrorLog } from '@/lib/server/logs/error-log';

// Anyone may report an error, so one address may not fill the table: 30 reports a minute.
const errorLogLimit = { name: 'error-log-ip', limit: 30, windowMs: 60_000 };

export const POST = handler(
  { body: errorLogSchema, auth: 'optional' },
  async ({ request, body, user }) => {
    await hitLimit(errorLogLimit, clientAddress(request));
    return recordErrorLog(body, user);
  },
);
