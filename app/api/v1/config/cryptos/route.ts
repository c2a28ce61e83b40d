import { listCryptos } from '@/lib/server/config/cryptos';
import { configRoutes } from '@/lib/server/config/routes';
import { handler } from '@/lib/server/http/handler';

export const dynamic = 'force-dynamic';

export const GET = handler(configRoutes.cryptos, () => listCryptos());
