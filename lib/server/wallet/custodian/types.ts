import 'server-only';
import type { Network } from '@/lib/schemas/networks';

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
};

/**
 * What the platform needs from a custodian: the pairs it serves, an address per player, the
 * webhook's signature check, and a payment re-read from its API (a webhook alone is never trusted).
 */
export type Custodian = {
  id: string;
  serves: Array<{ currency: string; network: Network }>;
  openAddress: (
    reference: string,
    currency: string,
    network: Network,
  ) => Promise<{ address: string; paymentId: string }>;
  verifyWebhook: (body: unknown, headers: Headers) => boolean;
  /** The payment id a webhook body names (before its payment is re-read). */
  paymentIdOf: (body: unknown) => string | null;
  payment: (paymentId: string) => Promise<CustodianPayment | null>;
};
