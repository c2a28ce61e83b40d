import { POST as approve } from '@/app/api/v1/operator/withdrawals/[id]/approve/route';
import { POST as release } from '@/app/api/v1/operator/withdrawals/[id]/release/route';
import { POST as withdraw } from '@/app/api/v1/wallet/withdrawals/route';
import type { Network } from '@/lib/schemas/networks';
import type { Withdrawal } from '@/lib/schemas/wallet';
import { createSession } from '@/lib/server/auth/session';
import { config } from '@/lib/config';
import { closeDb, getDbHandle } from '@/lib/server/db';
import { createPlayer } from '@/lib/server/players/store';
import { post } from '@/lib/server/wallet/ledger';
import { call, request, withId } from './api';

/**
 * Something pays ethereum withdrawals: a hot wallet (Ganache's second deterministic key) on an
 * endpoint nothing answers. Withdrawals there are taken — the tests of holds, caps and history
 * need no chain — and a payout pass, if one runs, fails to connect and changes nothing.
 */
export function hotWalletOnEthereum(rpcUrl = 'http://127.0.0.1:9'): () => void {
  const mutable = config as Record<string, unknown>;
  const before = [mutable.EVM_RPC_URL_ETHEREUM, mutable.WITHDRAWAL_SIGNER_KEY];
  mutable.EVM_RPC_URL_ETHEREUM = rpcUrl;
  mutable.WITHDRAWAL_SIGNER_KEY =
    '0x6cbed15c793ce57650b9877cf6fa156fbef513c4e6134f022a85b1ffdd59b2a1';
  // What a test calls when it is done: the configuration as it was (the chain then offered no more).
  return () => {
    [mutable.EVM_RPC_URL_ETHEREUM, mutable.WITHDRAWAL_SIGNER_KEY] = before;
  };
}

/** Lifts the verification caps on withdrawals: payouts, not caps (test/server/kyc.test.ts), are under test. */
export async function liftWithdrawalCaps(): Promise<void> {
  await (
    await getDbHandle()
  ).sql('UPDATE withdrawal_caps SET daily_usd = NULL, monthly_usd = NULL');
}

/** Credits a player `units` (minor units at the currency's ledger precision) from the house; once per label. */
export function fund(userId: string, currency: string, units: bigint, label = '') {
  return post({
    type: 'deposit',
    scope: 'test-funding',
    key: `${userId}:${currency}${label ? `:${label}` : ''}`,
    userId,
    lines: [
      { account: { house: 'deposits', currency }, amount: -units },
      { account: { userId, currency }, amount: units },
    ],
  });
}

/** A new active player holding `units` (minor units) of `currency`, and a session token. */
export async function fundedPlayer(email: string, currency: string, units: bigint) {
  const userId = (await createPlayer({ email, status: 'active' })).id;
  await fund(userId, currency, units);
  return { userId, token: (await createSession(userId)).token };
}

/**
 * A new player funded with `funded` minor units, who asks to withdraw `amount` to `to` through the
 * API. Answers the player (with a session token) and the withdrawal's id; pending approval.
 */
export async function requestedWithdrawal(options: {
  email: string;
  currency: string;
  network: Network;
  funded: bigint;
  amount: string;
  to: string;
}) {
  const { currency, network, amount, to } = options;
  const { userId, token } = await fundedPlayer(options.email, currency, options.funded);
  const made = await call<Withdrawal>(
    withdraw,
    request('POST', '/wallet/withdrawals', {
      token,
      body: { currency, network, address: to, amount, idempotencyKey: `withdraw-${userId}` },
    }),
  );
  if (made.status !== 200) throw new Error(`withdrawal refused: ${JSON.stringify(made.error)}`);
  return { userId, token, id: made.data!.id };
}

/** …and the operator (`operatorToken`) approves it. Answers the player and the withdrawal's id. */
export async function approvedWithdrawal(
  options: Parameters<typeof requestedWithdrawal>[0] & { operatorToken: string },
) {
  const { userId, id } = await requestedWithdrawal(options);
  const approved = await call<{ status: string }>(
    withId(approve, id),
    request('POST', `/operator/withdrawals/${id}/approve`, { token: options.operatorToken }),
  );
  if (approved.data?.status !== 'approved') throw new Error('approval refused');
  return { userId, id };
}

/** The operator (`token`) releases a withdrawal: what the release answered, status and body. */
export function released(token: string, id: string, reason: string) {
  return call<{ status: string; release?: string }>(
    withId(release, id),
    request('POST', `/operator/withdrawals/${id}/release`, { token, body: { reason } }),
  );
}

/**
 * For a whole test file (call it at its top level): a hot wallet on ethereum and the operator's
 * automation key `token` while it runs, the configuration put back and the database closed after.
 */
export function payoutsConfigured(token: string): void {
  const mutable = config as Record<string, unknown>;
  let restore: () => void;
  beforeAll(() => {
    restore = hotWalletOnEthereum();
    mutable.OPERATOR_TOKEN = token;
  });
  afterAll(async () => {
    restore();
    mutable.OPERATOR_TOKEN = undefined;
    await closeDb();
  });
}
