import { handler } from '@/lib/server/http/handler';
import { currentRates } from '@/lib/server/wallet/rates';
import { walletRoutes } from '@/lib/server/wallet/routes';

export const dynamic = 'force-dynamic';

export const GET = handler(walletRoutes.rates, () => currentRates());
