/**
 * The custodian (NOWPayments' API shape) against a local server playing it: addresses opened once,
 * webhooks checked by their HMAC-SHA512 signature, payments re-read from the API, credited once.
 */
import { GET as depositAddressRoute } from '@/app/api/v1/wallet/deposit-address/route';
import { GET as depositOptionsRoute } from '@/app/api/v1/wallet/deposit-options/route';
import { GET as depositsRoute } from '@/app/api/v1/wallet/deposits/route';
import { POST as webhookRoute } from '@/app/api/v1/wallet/webhooks/[provider]/route';
import { config } from '@/lib/config';
import type { Deposit, DepositAddress, DepositOption } from '@/lib/schemas/wallet';
import { createSession } from '@/lib/server/auth/session';
import { closeDb, getDbHandle } from '@/lib/server/db';
import { createPlayer } from '@/lib/server/players/store';
import { balancesOf } from '@/lib/server/wallet/balances';
import { nowPaymentsSignature } from '@/lib/server/wallet/custodian/nowpayments';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { call, request } from './helpers/api';
import { startNowPayments } from '../fixtures/nowpayments';

const mutable = config as Record<string, unknown>;
const SECRET = 'ipn-secret-of-the-tests';
const API_KEY = 'nowpayments-key-of-the-tests';

let provider: Awaited<ReturnType<typeof startNowPayments>>;
const payments = () => provider.payments;

beforeAll(async () => {
  provider = await startNowPayments({
    apiKey: API_KEY,
    email: 'ops@example.com',
    password: 'payout-password',
    twoFactorSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  });
  mutable.CUSTODIAN = 'nowpayments';
  mutable.NOWPAYMENTS_API_KEY = API_KEY;
  mutable.NOWPAYMENTS_IPN_SECRET = SECRET;
  mutable.NOWPAYMENTS_API_URL = provider.url;
});

afterAll(async () => {
  mutable.CUSTODIAN = undefined;
  await provider.close();
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
    // Without a Solana RPC for browsers, no wallet can pay from the page: nothing to pay with.
    expect(options.data!.find((o) => o.currency === 'SOL')).toMatchObject({ rpcUrl: null });
    mutable.SOLANA_RPC_URL = 'https://solana-rpc.example.test';
    const payable = await call<DepositOption[]>(
      depositOptionsRoute,
      request('GET', '/wallet/deposit-options'),
    );
    mutable.SOLANA_RPC_URL = undefined;
    expect(payable.data!.filter((o) => o.network === 'solana')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ currency: 'SOL', contract: null, decimals: 9 }),
        expect.objectContaining({
          currency: 'USDC',
          contract: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
          decimals: 6,
          rpcUrl: 'https://solana-rpc.example.test',
        }),
      ]),
    );
    // Bitcoin has no browser wallet to pay from here.
    expect(payable.data!.find((o) => o.currency === 'BTC')).toMatchObject({
      decimals: null,
      rpcUrl: null,
    });
    const before = provider.state.created;
    const { token, address } = await player('custody-a@example.com');
    const again = await call<DepositAddress>(
      depositAddressRoute,
      request('GET', '/wallet/deposit-address?currency=BTC&network=bitcoin', { token }),
    );
    expect(again.data!.address).toBe(address);
    expect(provider.state.created).toBe(before + 1);
  });

  it('refuses a wrong or missing signature with 401 and credits nothing', async () => {
    const { userId, address } = await player('custody-b@example.com');
    const payment = [...payments().values()].find((p) => p.pay_address === address)!;
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
    const payment = [...payments().values()].find((p) => p.pay_address === address)!;
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
    const payment = [...payments().values()].find((p) => p.pay_address === address)!;
    const forged = { ...payment, payment_status: 'finished', actually_paid: 3 };
    expect((await callback(forged)).data).toEqual({ received: true, credited: false });
    expect(await btc(userId)).toBe('0.00000000');
    // Partially paid is final too: what arrived is credited.
    Object.assign(payment, { payment_status: 'partially_paid', actually_paid: 0.0007 });
    expect((await callback({ ...payment })).data).toEqual({ received: true, credited: true });
    expect(await btc(userId)).toBe('0.00070000');
  });

  it('more arriving on a payment already credited is not credited twice: the payments team sees the figures', async () => {
    const { userId, address } = await player('custody-grew@example.com');
    const payment = [...payments().values()].find((p) => p.pay_address === address)!;
    Object.assign(payment, { payment_status: 'partially_paid', actually_paid: 0.01 });
    expect((await callback({ ...payment })).data).toEqual({ received: true, credited: true });
    // A second transfer the provider booked on the same payment.
    Object.assign(payment, { actually_paid: 0.02 });
    expect((await callback({ ...payment })).data).toEqual({ received: true, credited: false });
    expect(await btc(userId)).toBe('0.01000000');
    const { rows } = await (
      await getDbHandle()
    ).sql(`SELECT kind, details FROM operator_alerts WHERE target = $1 AND resolved_at IS NULL`, [
      `custodian-payment:nowpayments:${payment.payment_id}`,
    ]);
    expect(rows).toEqual([
      {
        kind: 'deposit.grew',
        details: { userId, currency: 'BTC', credited: '0.01000000', received: '0.02000000' },
      },
    ]);
    expect(await checkLedger()).toEqual([]);
  });

  it('lists the payment with the deposits: pending while the custodian confirms, then credited', async () => {
    const { token, address } = await player('custody-e@example.com');
    const payment = [...payments().values()].find((p) => p.pay_address === address)!;
    Object.assign(payment, {
      payment_status: 'confirming',
      actually_paid: 0.02,
      payin_hash: 'ab12',
    });
    await callback({ ...payment });
    const list = () =>
      call<Deposit[]>(depositsRoute, request('GET', '/wallet/deposits', { token }));
    expect((await list()).data).toEqual([
      expect.objectContaining({
        currency: 'BTC',
        network: 'bitcoin',
        amount: '0.02000000',
        txHash: 'ab12',
        status: 'pending',
      }),
    ]);
    payment.payment_status = 'finished';
    await callback({ ...payment });
    expect((await list()).data).toEqual([
      expect.objectContaining({ amount: '0.02000000', status: 'credited' }),
    ]);
  });

  it('opens a new address once the payment expired or is older than the provider keeps one', async () => {
    const { userId, token, address } = await player('custody-f@example.com');
    const ask = async () =>
      (
        await call<DepositAddress>(
          depositAddressRoute,
          request('GET', '/wallet/deposit-address?currency=BTC&network=bitcoin', { token }),
        )
      ).data!.address;
    const payment = [...payments().values()].find((p) => p.pay_address === address)!;
    payment.payment_status = 'expired';
    await callback({ ...payment });
    const second = await ask();
    expect(second).not.toBe(address);
    expect(await ask()).toBe(second);
    // Six days on, still unpaid: replaced before the provider lets it lapse.
    await (
      await getDbHandle()
    ).sql(
      `UPDATE custodian_addresses SET created_at = now() - interval '6 days 1 minute' WHERE user_id = $1`,
      [userId],
    );
    // Asked five times at once: one address for all five.
    const third = await Promise.all(Array.from({ length: 5 }, ask));
    expect(new Set(third).size).toBe(1);
    expect(third[0]).not.toBe(second);
    // A late payment to the first address is still the player's.
    Object.assign(payment, { payment_status: 'finished', actually_paid: 0.001 });
    expect((await callback({ ...payment })).data).toEqual({ received: true, credited: true });
    expect(await btc(userId)).toBe('0.00100000');
  });
});
