import 'server-only';
import type { Network } from '@/lib/schemas/networks';
import { ApiError } from '@/lib/server/http/api-error';

/** A payment as the custodian's API reports it, in our terms. */
export type CustodianPayment = {
  paymentId: string;
  /** The deposit address it was paid to (ours for one player). */
  address: string;
  currency: string;
  network: Network;
  /** Final and credited for `received`; final and never credited; or not final yet. */
  state: 'credit' | 'void' | 'open';
  status: string;
  /** What actually arrived, as a decimal string in the currency. */
  received: string;
  /** The incoming transaction's hash, once the provider saw it. */
  hash: string | null;
};

/**
 * What the platform needs from a custodian: the pairs it serves, an address per player, the
 * webhook's signature check, and a payment re-read from its API (a webhook alone is never trusted).
 */
export type Custodian = {
  id: string;
  serves: Array<{ currency: string; network: Network }>;
  /** How long a deposit address can be shown to a player before a new one is opened. */
  addressDays: number;
  openAddress: (
    reference: string,
    currency: string,
    network: Network,
  ) => Promise<{ address: string; paymentId: string }>;
  verifyWebhook: (body: unknown, headers: Headers) => boolean;
  /** The payment id a webhook body names (before its payment is re-read). */
  paymentIdOf: (body: unknown) => string | null;
  payment: (paymentId: string) => Promise<CustodianPayment | null>;
  /** Payouts, when the operator gave the custodian's payout credentials. */
  payouts: () => CustodianPayouts | null;
};

/** A payout as the custodian's API reports it: paid (with its hash), failed, or on its way. */
export type CustodianPayoutState = {
  state: 'paid' | 'failed' | 'open';
  status: string;
  hash: string | null;
  error: string | null;
};

/**
 * Sending an approved withdrawal through the custodian. `request` carries our external id, and
 * `find` looks a payout up by it: a request whose answer was lost is found, never sent twice.
 */
export type CustodianPayouts = {
  /** What the custodian holds of a currency to pay out (a decimal string), or null when unknown. */
  balance: (currency: string, network: Network) => Promise<string | null>;
  request: (payout: {
    externalId: string;
    address: string;
    currency: string;
    network: Network;
    amount: string;
  }) => Promise<{ batchId: string; withdrawalId: string }>;
  find: (externalId: string) => Promise<{ batchId: string; withdrawalId: string } | null>;
  /** Every payout of the account, newest first (for the reconciliation of `ledger:check --chain`). */
  list: () => Promise<
    Array<{ externalId: string | null; amount: string | null; state: 'paid' | 'failed' | 'open' }>
  >;
  /** Confirms a created payout (the provider's second factor); false when it cannot be done here. */
  verify: (batchId: string) => Promise<boolean>;
  status: (batchId: string, withdrawalId: string) => Promise<CustodianPayoutState | null>;
  /** The batch a payout webhook names (a payment's webhook names none). */
  batchIdOf: (body: unknown) => string | null;
};

/**
 * The custodian refused a request for good (a bad address, an amount below its minimum). To a
 * caller that does not look for it, a custodian that said no is unavailable (503).
 */
export class CustodianRefusal extends ApiError {
  constructor(readonly reason: string) {
    super('SERVICE_UNAVAILABLE', `custodian refused: ${reason}`);
  }
}

/**
 * The custodian turned a call away before reading it: the sign-in it carried was void (expired, or
 * replaced by another server's). Nothing was done, so a request turned away may go again.
 */
export class CustodianSignedOut extends ApiError {
  constructor() {
    super('SERVICE_UNAVAILABLE', 'custodian sign-in no longer valid');
  }
}
