import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verify } from 'otplib';

/** What the provider's API says of each payment; the tests move them through their statuses. */
export type Payment = {
  payment_id: number;
  payment_status: string;
  pay_address: string;
  pay_currency: string;
  actually_paid: number;
  payin_hash?: string;
};

/** One payout (a batch of one withdrawal, as the platform asks), as the API reports it. */
export type PayoutItem = {
  id: string;
  batch_withdrawal_id: string;
  address: string;
  currency: string;
  amount: number;
  status: string;
  hash: string | null;
  error: string | null;
  unique_external_id: string;
  verified: boolean;
};

type Options = { apiKey: string; email: string; password: string; twoFactorSecret: string };

/**
 * A local server playing NOWPayments' API (payments, the payout API's sign-in, balance, payouts,
 * their 2FA verification), so the custodian is tested over HTTP as it runs. `dropNextPayoutAnswer`
 * creates the next payout and then cuts the connection before answering, as a network would.
 */
export async function startNowPayments(options: Options) {
  const payments = new Map<string, Payment>();
  const payouts = new Map<string, PayoutItem>();
  const balances: Record<string, number> = {};
  /** Addresses the custodian says no to (as it would to one on its own blocklist). */
  const refused = new Set<string>();
  const state = { created: 0, payoutRequests: 0, dropNextPayoutAnswer: false };
  let issued = '';

  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.headers['x-api-key'] !== options.apiKey) {
        json(403, { message: 'Invalid api key' });
        return;
      }
      const path = req.url ?? '';
      if (req.method === 'POST' && path === '/v1/payment') {
        const body = JSON.parse(text) as { pay_currency: string };
        state.created += 1;
        const payment: Payment = {
          payment_id: 5000 + state.created,
          payment_status: 'waiting',
          pay_address: `bc1qtestaddress${state.created}`,
          pay_currency: body.pay_currency,
          actually_paid: 0,
        };
        payments.set(String(payment.payment_id), payment);
        json(201, payment);
        return;
      }
      const paymentId = path.match(/^\/v1\/payment\/(\d+)$/)?.[1];
      const payment = paymentId && payments.get(paymentId);
      if (req.method === 'GET' && payment) {
        json(200, payment);
        return;
      }
      if (req.method === 'POST' && path === '/v1/auth') {
        const body = JSON.parse(text) as { email?: string; password?: string };
        if (body.email !== options.email || body.password !== options.password) {
          json(401, { message: 'Invalid credentials' });
          return;
        }
        issued = `jwt-${Date.now()}-${Math.random()}`;
        json(200, { token: issued });
        return;
      }
      if (req.method === 'GET' && path === '/v1/balance') {
        json(
          200,
          Object.fromEntries(
            Object.entries(balances).map(([code, amount]) => [code, { amount, pendingAmount: 0 }]),
          ),
        );
        return;
      }
      if (!path.startsWith('/v1/payout')) {
        json(404, {});
        return;
      }
      if (!issued || req.headers.authorization !== `Bearer ${issued}`) {
        json(401, { message: 'Authorization required' });
        return;
      }
      if (req.method === 'POST' && path === '/v1/payout') {
        const body = JSON.parse(text) as {
          withdrawals: Array<{
            address: string;
            currency: string;
            amount: number;
            unique_external_id: string;
          }>;
        };
        const [w] = body.withdrawals;
        if (!w || refused.has(w.address)) {
          json(400, { message: 'Invalid payout address' });
          return;
        }
        state.payoutRequests += 1;
        const item: PayoutItem = {
          id: String(7000 + state.payoutRequests),
          batch_withdrawal_id: String(9000 + state.payoutRequests),
          address: w.address,
          currency: w.currency,
          amount: w.amount,
          status: 'CREATING',
          hash: null,
          error: null,
          unique_external_id: w.unique_external_id,
          verified: false,
        };
        payouts.set(item.batch_withdrawal_id, item);
        if (state.dropNextPayoutAnswer) {
          state.dropNextPayoutAnswer = false;
          req.socket.destroy();
          return;
        }
        json(200, { id: item.batch_withdrawal_id, withdrawals: [item] });
        return;
      }
      if (req.method === 'GET' && path.startsWith('/v1/payout?')) {
        json(200, { payouts: [...payouts.values()].reverse() });
        return;
      }
      const [, batchId, verifying] = path.match(/^\/v1\/payout\/(\d+)(\/verify)?$/) ?? [];
      const item = batchId && payouts.get(batchId);
      if (!item) {
        json(404, { message: 'Payout not found' });
        return;
      }
      if (req.method === 'POST' && verifying) {
        const { verification_code } = JSON.parse(text) as { verification_code: string };
        void verify({ secret: options.twoFactorSecret, token: verification_code }).then(
          ({ valid }) => {
            if (!valid) {
              json(400, { message: 'Invalid verification code' });
              return;
            }
            item.verified = true;
            if (item.status === 'CREATING') item.status = 'PROCESSING';
            json(200, 'OK');
          },
        );
        return;
      }
      json(200, { id: item.batch_withdrawal_id, withdrawals: [item] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    payments,
    payouts,
    balances,
    refused,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
