import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { generate } from 'otplib';
import { z } from 'zod';
import { config } from '@/lib/config';
import type { Network } from '@/lib/schemas/networks';
import { ApiError } from '@/lib/server/http/api-error';
import {
  CustodianRefusal,
  CustodianSignedOut,
  type Custodian,
  type CustodianPayment,
  type CustodianPayouts,
} from './types';

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
  payin_hash: z.string().nullish(),
});

/** The payout API's current sign-in, and the one under way (bearer(), below). */
let session: { token: string; until: number } | null = null;
let signingIn: Promise<string> | null = null;

async function api(path: string, init: RequestInit = {}, bearer?: string): Promise<unknown> {
  const response = await fetch(`${config.NOWPAYMENTS_API_URL}${path}`, {
    ...init,
    headers: {
      'x-api-key': config.NOWPAYMENTS_API_KEY ?? '',
      'content-type': 'application/json',
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...init.headers,
    },
    signal: AbortSignal.timeout(10_000),
  });
  // A 400 is the custodian's "no" to this request (not worth asking again); anything else may pass.
  if (response.status === 400) {
    const answer: unknown = await response.json().catch(() => null);
    const said = z.object({ message: z.string() }).safeParse(answer);
    throw new CustodianRefusal(said.success ? said.data.message.slice(0, 200) : 'bad request');
  }
  // A sign-in the custodian no longer honours (another sign-in since, from another server) is
  // forgotten: the next call signs in again.
  if (response.status === 401 && bearer) {
    if (session?.token === bearer) session = null;
    throw new CustodianSignedOut();
  }
  if (!response.ok)
    throw new ApiError('SERVICE_UNAVAILABLE', `custodian answered ${response.status}`);
  return response.json();
}

/**
 * The payout API's sign-in (the session above): a short-lived JWT, asked again a minute before it
 * lapses. Passes that need it at once share one sign-in: each sign-in may void the token before it.
 */
function bearer(): Promise<string> {
  if (session && session.until > Date.now()) return Promise.resolve(session.token);
  signingIn ??= signIn().finally(() => {
    signingIn = null;
  });
  return signingIn;
}
async function signIn(): Promise<string> {
  const { token } = z.object({ token: z.string().min(1) }).parse(
    await api('/auth', {
      method: 'POST',
      body: JSON.stringify({
        email: config.NOWPAYMENTS_EMAIL,
        password: config.NOWPAYMENTS_PASSWORD,
      }),
    }),
  );
  session = { token, until: Date.now() + 4 * 60_000 };
  return token;
}

const payoutItem = z.object({
  id: z.union([z.number(), z.string()]),
  batch_withdrawal_id: z.union([z.number(), z.string()]),
  status: z.string(),
  hash: z.string().nullish(),
  error: z.string().nullish(),
  unique_external_id: z.string().nullish(),
  amount: z.union([z.number(), z.string()]).nullish(),
});
/** Payouts per page of the list (the most the API gives). */
const PAGE = 100;
/** A list that never ends (an API that ignores `page`) stops here: a million payouts back. */
const MAX_PAGES = 10_000;
const PAID = new Set(['finished']);
const FAILED = new Set(['failed', 'rejected']);

const ipnUrl = () => `${config.SITE_URL}/api/v1/wallet/webhooks/nowpayments`;

/** The account's payouts a page at a time, newest first, until the list ends. */
async function* payoutPages() {
  const token = await bearer();
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const listed = z
      .object({ payouts: z.array(payoutItem) })
      .parse(await api(`/payout?limit=${PAGE}&page=${page}&order=desc`, {}, token));
    yield listed.payouts;
    if (listed.payouts.length < PAGE) return;
  }
}

const nowPaymentsPayouts: CustodianPayouts = {
  async balance(currency, network) {
    const code = codes.find((c) => c.currency === currency && c.network === network)?.code;
    const all = z
      .record(z.string(), z.object({ amount: z.union([z.number(), z.string()]) }))
      .parse(await api('/balance'));
    const held = code ? all[code] : undefined;
    return held ? decimal(held.amount) : '0';
  },

  async request({ externalId, address, currency, network, amount }) {
    const code = codes.find((c) => c.currency === currency && c.network === network)!.code;
    const created = z.object({ withdrawals: z.array(payoutItem).min(1) }).parse(
      await api(
        '/payout',
        {
          method: 'POST',
          body: JSON.stringify({
            ipn_callback_url: ipnUrl(),
            withdrawals: [
              {
                address,
                currency: code,
                // NOWPayments takes a JSON number; a ledger amount has at most 9 decimals, exact here.
                amount: Number(amount),
                ipn_callback_url: ipnUrl(),
                unique_external_id: externalId,
              },
            ],
          }),
        },
        await bearer(),
      ),
    );
    const item = created.withdrawals[0]!;
    return { batchId: String(item.batch_withdrawal_id), withdrawalId: String(item.id) };
  },

  // Newest first, page after page until it shows up or the list ends: however many payouts came
  // after ours (review B20).
  async find(externalId) {
    for await (const page of payoutPages()) {
      const item = page.find((p) => p.unique_external_id === externalId);
      if (item) return { batchId: String(item.batch_withdrawal_id), withdrawalId: String(item.id) };
    }
    return null;
  },

  async list() {
    const all = [];
    for await (const page of payoutPages()) {
      for (const p of page) {
        const status = p.status.toLowerCase();
        all.push({
          externalId: p.unique_external_id ?? null,
          amount: p.amount === null || p.amount === undefined ? null : decimal(p.amount),
          state: PAID.has(status)
            ? ('paid' as const)
            : FAILED.has(status)
              ? ('failed' as const)
              : ('open' as const),
        });
      }
    }
    return all;
  },

  async verify(batchId) {
    const secret = config.NOWPAYMENTS_2FA_SECRET;
    if (!secret) return false;
    await api(
      `/payout/${encodeURIComponent(batchId)}/verify`,
      {
        method: 'POST',
        body: JSON.stringify({ verification_code: await generate({ secret }) }),
      },
      await bearer(),
    );
    return true;
  },

  async status(batchId, withdrawalId) {
    const batch = z
      .object({ withdrawals: z.array(payoutItem) })
      .safeParse(await api(`/payout/${encodeURIComponent(batchId)}`, {}, await bearer()));
    const item = batch.success
      ? batch.data.withdrawals.find((w) => String(w.id) === withdrawalId)
      : undefined;
    if (!item) return null;
    const status = item.status.toLowerCase();
    return {
      state: PAID.has(status) ? 'paid' : FAILED.has(status) ? 'failed' : 'open',
      status,
      hash: item.hash ?? null,
      error: item.error ?? null,
    };
  },

  batchIdOf(body) {
    const parsed = z
      .object({ batch_withdrawal_id: z.union([z.number(), z.string()]) })
      .safeParse(body);
    return parsed.success ? String(parsed.data.batch_withdrawal_id) : null;
  },
};

export const nowPayments: Custodian = {
  id: 'nowpayments',
  serves: codes.map(({ currency, network }) => ({ currency, network })),
  // A NOWPayments payment nobody pays expires after 7 days: its address is replaced a day before.
  addressDays: 6,

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
          ipn_callback_url: ipnUrl(),
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
      hash: p.payin_hash || null,
    };
  },

  payouts: () =>
    config.NOWPAYMENTS_EMAIL && config.NOWPAYMENTS_PASSWORD ? nowPaymentsPayouts : null,
};
