import { handler } from '@/lib/server/http/handler';
import { deletePaymentAddress } from '@/lib/server/wallet/payment-addresses';
import { walletRoutes } from '@/lib/server/wallet/routes';

export const DELETE = handler(walletRoutes.deletePaymentAddress, ({ user, params }) =>
  deletePaymentAddress(user.id, params.id),
);
