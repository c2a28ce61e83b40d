import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { config } from '@/lib/config';
import type { Network } from '@/lib/schemas/networks';
import { ApiError } from '@/lib/server/http/api-error';
import type { Custodian, CustodianPayment } from './types';

/** Our (currency, network) pairs as NOWPayments names them. */
const codes: Array<{ currency: string; network: Network; code: string }> = [
  { currency: 'BTC', network: 'bitcoin', code: 'btc' },
  { currency: 'TRX', network: 'tron', code: 'trx' },
  { currency: 'USDT', network: 'tron', code: 'usdttrc20' },
  { currency: 'SOL', network: 'solana', code: 'sol' },
  { currency: 'USDC', network: 'solana', code: 'usdcsol' },
  { currency: 'USDT', network: 'solana', code: 'usdtsol' },
];

/** Credited on these (the amount actually paid); never on the others of its final statuses. */
const CREDIT = new Set(['finished', 'partially_paid']);
const VOID = new Set(['failed', 'refunded', 'expired']);

/**
 * NOWPayments signs the webhook body with its keys sorted (at every depth), serialised as JSON,
 * HMAC-SHA512 under the IPN secret, hex, in `x-nowpayments-sig`.
 */
function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, inner]) => [key, sortDeep(inner)]),
    );
  }
  return value;
}

export function nowPaymentsSignature(body: unknown, secret: string): string {
  return createHmac('sha512', secret)
    .update(JSON.stringify(sortDeep(body)))
    .digest('hex');
}

/** A JSON number as its full decimal expansion (NOWPayments sends amounts as numbers). */
const decimal = (value: number | string) =>
  typeof value === 'string'
    ? value
    : value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });

const paymentSchema = z.object({
  payment_id: z.union([z.number(), z.string()]),
  payment_status: z.string(),
  pay_address: z.string(),
  pay_currency: z.string(),
  actually_paid: z.union([z.number(), z.string()]).nullish(),
});

async function api(path: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(`${config.NOWPAYMENTS_API_URL}${path}`, {
    ...init,
    headers: {
      'x-api-key': config.NOWPAYMENTS_API_KEY ?? '',
      'content-type': 'application/json',
      ...init.headers,
    },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok)
    throw new ApiError('SERVICE_UNAVAILABLE', `custodian answered ${response.status}`);
  return response.json();
}

export const nowPayments: Custodian = {
  id: 'nowpayments',
  serves: codes.map(({ currency, network }) => ({ currency, network })),

  /** A payment without a fixed amount: its address takes what the player sends. */
  async openAddress(reference, currency, network) {
    const code = codes.find((c) => c.currency === currency && c.network === network)!.code;
    const created = paymentSchema.parse(
      await api('/payment', {
        method: 'POST',
        body: JSON.stringify({
          price_amount: 1,
          price_currency: code,
          pay_currency: code,
          order_id: reference,
          order_description: `Deposit ${currency} (${network})`,
          ipn_callback_url: `${config.SITE_URL}/api/v1/wallet/webhooks/nowpayments`,
        }),
      }),
    );
    return { address: created.pay_address, paymentId: String(created.payment_id) };
  },

  verifyWebhook(body, headers) {
    const secret = config.NOWPAYMENTS_IPN_SECRET;
    const given = headers.get('x-nowpayments-sig') ?? '';
    if (!secret || !/^[0-9a-f]{128}$/i.test(given)) return false;
    const expected = Buffer.from(nowPaymentsSignature(body, secret), 'hex');
    return timingSafeEqual(expected, Buffer.from(given, 'hex'));
  },

  paymentIdOf(body) {
    const parsed = z.object({ payment_id: z.union([z.number(), z.string()]) }).safeParse(body);
    return parsed.success ? String(parsed.data.payment_id) : null;
  },

  async payment(paymentId): Promise<CustodianPayment | null> {
    const parsed = paymentSchema.safeParse(await api(`/payment/${encodeURIComponent(paymentId)}`));
    if (!parsed.success) return null;
    const p = parsed.data;
    const pair = codes.find((c) => c.code === p.pay_currency.toLowerCase());
    if (!pair) return null;
    return {
      paymentId: String(p.payment_id),
      address: p.pay_address,
      currency: pair.currency,
      network: pair.network,
      status: p.payment_status,
      state: CREDIT.has(p.payment_status) ? 'credit' : VOID.has(p.payment_status) ? 'void' : 'open',
      received: decimal(p.actually_paid ?? 0),
    };
  },
};
