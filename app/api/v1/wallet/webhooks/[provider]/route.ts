import { handler } from '@/lib/server/http/handler';
import { receiveWebhook } from '@/lib/server/wallet/custodian';
import { walletRoutes } from '@/lib/server/wallet/routes';

export const POST = handler(walletRoutes.custodianWebhook, ({ params, body, request }) =>
  receiveWebhook(params.provider, body, request.headers),
);
