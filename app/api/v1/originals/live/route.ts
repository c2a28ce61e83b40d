import { handler } from '@/lib/server/http/handler';
import { cachedLiveBets } from '@/lib/server/originals/config';
import { originalsRoutes } from '@/lib/server/originals/routes';

export const GET = handler(originalsRoutes.live, () => cachedLiveBets());
