import { errorLogSchema } from '@/lib/schemas/error-log';
import { handler } from '@/lib/server/http/handler';
import { recordErrorLog } from '@/lib/server/logs/error-log';

export const POST = handler({ body: errorLogSchema, auth: 'optional' }, ({ body, user }) =>
  recordErrorLog(body, user),
);
