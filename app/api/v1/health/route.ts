import { ApiError } from '@/lib/server/http/api-error';
import { handler } from '@/lib/server/http/handler';
import { checkHealth } from '@/lib/server/health';

export const dynamic = 'force-dynamic';

export const GET = handler({}, async () => {
  const health = await checkHealth();
  if (health.status !== 'ok') throw new ApiError('SERVICE_UNAVAILABLE', 'database');
  return health;
});
