import { handler } from '@/lib/server/http/handler';
import { depositOptions } from '@/lib/server/wallet/deposits';
import { walletRoutes } from '@/lib/server/wallet/routes';

export const dynamic = 'force-dynamic';

export const GET = handler(walletRoutes.depositOptions, () => depositOptions());
