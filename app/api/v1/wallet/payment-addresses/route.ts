import { handler } from '@/lib/server/http/handler';
import { listPaymentAddresses, savePaymentAddress } from '@/lib/server/wallet/payment-addresses';
import { walletRoutes } from '@/lib/server/wallet/routes';

export const GET = handler(walletRoutes.paymentAddresses, ({ user }) =>
  listPaymentAddresses(user.id),
);

export const POST = handler(walletRoutes.savePaymentAddress, ({ user, body }) =>
  savePaymentAddress(user.id, body),
);
