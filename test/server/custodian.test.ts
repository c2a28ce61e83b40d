/**
 * The custodian (NOWPayments' API shape) against a local server playing it: addresses opened once,
 * webhooks checked by their HMAC-SHA512 signature, payments re-read from the API, credited once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GET as depositAddressRoute } from '@/app/api/v1/wallet/deposit-address/route';
import { GET as depositOptionsRoute } from '@/app/api/v1/wallet/deposit-options/route';
import { POST as webhookRoute } from '@/app/api/v1/wallet/webhooks/[provider]/route';
import { config } from '@/lib/config';
import type { DepositAddress, DepositOption } from '@/lib/schemas/wallet';
import { createSession } from '@/lib/server/auth/session';
import { closeDb } from '@/lib/server/db';
import { createPlayer } from '@/lib/server/players/store';
import { balancesOf } from '@/lib/server/wallet/balances';
import { nowPaymentsSignature } from '@/lib/server/wallet/custodian/nowpayments';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { call, request } from './helpers/api';

const mutable = config as Record<string, unknown>;
const SECRET = 'ipn-secret-of-the-tests';
const API_KEY = 'nowpayments-key-of-the-tests';

/** What the provider's API says of each payment; the tests move them through their statuses. */
type Payment = {
  payment_id: number;
  payment_status: string;
  pay_address: string;
  pay_currency: string;
  actually_paid: number;
};
const payments = new Map<string, Payment>();
let created = 0;
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      if (req.headers['x-api-key'] !== API_KEY) {
        res.writeHead(403).end('{"message":"Invalid api key"}');
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/payment') {
        const body = JSON.parse(text) as { pay_currency: string };
        created += 1;
        const payment: Payment = {
          payment_id: 5000 + created,
          payment_status: 'waiting',
          pay_address: `bc1qtestaddress${created}`,
          pay_currency: body.pay_currency,
          actually_paid: 0,
        };
        payments.set(String(payment.payment_id), payment);
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(payment));
        return;
      }
      const found = req.url?.match(/^\/v1\/payment\/(\d+)$/);
      const payment = found && payments.get(found[1]!);
      if (req.method === 'GET' && payment) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(payment));
        return;
      }
      res.writeHead(404).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  mutable.CUSTODIAN = 'nowpayments';
  mutable.NOWPAYMENTS_API_KEY = API_KEY;
  mutable.NOWPAYMENTS_IPN_SECRET = SECRET;
  mutable.NOWPAYMENTS_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  mutable.CUSTODIAN = undefined;
  server.close();
  await closeDb();
});

async function player(email: string) {
  const userId = (await createPlayer({ email, status: 'active' })).id;
  const token = (await createSession(userId)).token;
  const answer = await call<DepositAddress>(
    depositAddressRoute,
    request('GET', '/wallet/deposit-address?currency=BTC&network=bitcoin', { token }),
  );
  expect(answer.status).toBe(200);
  return { userId, token, address: answer.data!.address };
}

/** A callback as NOWPayments sends it: the payment's fields, signed; `sign` false leaves it unsigned. */
function callback(body: Record<string, unknown>, signature = nowPaymentsSignature(body, SECRET)) {
  return call<{ received: boolean; credited: boolean }>(
    (req) => webhookRoute(req, { params: Promise.resolve({ provider: 'nowpayments' }) }),
    request('POST', '/wallet/webhooks/nowpayments', {
      body,
      headers: { 'x-nowpayments-sig': signature },
    }),
  );
}

const btc = async (userId: string) =>
  (await balancesOf(userId)).find((b) => b.currency === 'BTC')?.amount;

describe('custodian deposits (NOWPayments)', () => {
  it('offers its networks, and opens one address per player, currency and network', async () => {
    const options = await call<DepositOption[]>(
      depositOptionsRoute,
      request('GET', '/wallet/deposit-options'),
    );
    expect(options.data!.map((o) => `${o.currency}/${o.network}`)).toEqual(
      expect.arrayContaining(['BTC/bitcoin', 'USDT/tron', 'SOL/solana']),
    );
    const before = created;
    const { token, address } = await player('custody-a@example.com');
    const again = await call<DepositAddress>(
      depositAddressRoute,
      request('GET', '/wallet/deposit-address?currency=BTC&network=bitcoin', { token }),
    );
    expect(again.data!.address).toBe(address);
    expect(created).toBe(before + 1);
  });

  it('refuses a wrong or missing signature with 401 and credits nothing', async () => {
    const { userId, address } = await player('custody-b@example.com');
    const payment = [...payments.values()].find((p) => p.pay_address === address)!;
    Object.assign(payment, { payment_status: 'finished', actually_paid: 0.5 });
    const body = { ...payment };
    expect((await callback(body, nowPaymentsSignature(body, 'another-secret'))).status).toBe(401);
    expect((await callback(body, 'not-hex')).status).toBe(401);
    expect(
      (await callback({ ...body, actually_paid: 50 }, nowPaymentsSignature(body, SECRET))).status,
    ).toBe(401);
    expect(await btc(userId)).toBe('0.00000000');
  });

  it('confirming, confirmed, finished and a replay of finished: one credit, for what actually arrived', async () => {
    const { userId, address } = await player('custody-c@example.com');
    const payment = [...payments.values()].find((p) => p.pay_address === address)!;
    for (const status of ['confirming', 'confirmed']) {
      payment.payment_status = status;
      const answer = await callback({ ...payment });
      expect(answer.data).toEqual({ received: true, credited: false });
    }
    expect(await btc(userId)).toBe('0.00000000');
    Object.assign(payment, { payment_status: 'finished', actually_paid: 0.012345678912 });
    const [first, ...replays] = await Promise.all(
      Array.from({ length: 5 }, () => callback({ ...payment })),
    );
    const answers = [first!, ...replays];
    expect(answers.filter((a) => a.data?.credited)).toHaveLength(1);
    expect(await btc(userId)).toBe('0.01234567');
    expect((await callback({ ...payment })).data).toEqual({ received: true, credited: false });
    expect(await btc(userId)).toBe('0.01234567');
    expect(await checkLedger()).toEqual([]);
  });

  it('trusts the API, not the webhook: a body that says finished while the payment waits credits nothing', async () => {
    const { userId, address } = await player('custody-d@example.com');
    const payment = [...payments.values()].find((p) => p.pay_address === address)!;
    const forged = { ...payment, payment_status: 'finished', actually_paid: 3 };
    expect((await callback(forged)).data).toEqual({ received: true, credited: false });
    expect(await btc(userId)).toBe('0.00000000');
    // Partially paid is final too: what arrived is credited.
    Object.assign(payment, { payment_status: 'partially_paid', actually_paid: 0.0007 });
    expect((await callback({ ...payment })).data).toEqual({ received: true, credited: true });
    expect(await btc(userId)).toBe('0.00070000');
  });
});
