import { configRoutes } from '@/lib/server/config/routes';
import { ApiError } from '@/lib/server/http/api-error';
import { handler } from '@/lib/server/http/handler';
import { checkHealth } from '@/lib/server/health';

export const dynamic = 'force-dynamic';

export const GET = handler(configRoutes.health, async () => {
  const health = await checkHealth();
  if (health.status !== 'ok') throw new ApiError('SERVICE_UNAVAILABLE', 'database');
  return health;
});
