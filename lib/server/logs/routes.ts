import 'server-only';
import { z } from 'zod';
import { errorLogSchema } from '@/lib/schemas/error-log';
import { route } from '@/lib/server/http/route';

// Anyone may report an error, so one address may not fill the table: 30 reports a minute.
const errorLogLimit = { name: 'error-log-ip', limit: 30, windowMs: 60_000 };

export const logRoutes = {
  error: route({
    method: 'post',
    path: '/logs/error',
    operationId: 'logError',
    summary: 'Error log: an unhandled interface error reported by the site',
    tags: ['system'],
    auth: 'optional',
    body: errorLogSchema,
    limits: [{ rule: errorLogLimit, by: 'ip' }],
    response: z.object({ id: z.uuid() }),
  }),
};
