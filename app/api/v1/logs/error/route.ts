import { handler } from '@/lib/server/http/handler';
import { recordErrorLog } from '@/lib/server/logs/error-log';
import { logRoutes } from '@/lib/server/logs/routes';

export const POST = handler(logRoutes.error, ({ body, user }) => recordErrorLog(body, user));
