import { handler } from '@/lib/server/http/handler';
import { withdrawalOptions } from '@/lib/server/wallet/payable';
import { walletRoutes } from '@/lib/server/wallet/routes';

export const GET = handler(walletRoutes.withdrawalOptions, () => withdrawalOptions());
