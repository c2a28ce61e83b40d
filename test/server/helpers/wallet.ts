import { POST as approve } from '@/app/api/v1/operator/withdrawals/[id]/approve/route';
import { POST as withdraw } from '@/app/api/v1/wallet/withdrawals/route';
import type { Network } from '@/lib/schemas/networks';
import type { Withdrawal } from '@/lib/schemas/wallet';
import { createSession } from '@/lib/server/auth/session';
import { createPlayer } from '@/lib/server/players/store';
import { post } from '@/lib/server/wallet/ledger';
import { call, request, withId } from './api';

/** Credits a player `units` (minor units at the currency's ledger precision) from the house. */
export function fund(userId: string, currency: string, units: bigint) {
  return post({
    type: 'deposit',
    scope: 'test-funding',
    key: `${userId}:${currency}`,
    userId,
    lines: [
      { account: { house: 'deposits', currency }, amount: -units },
      { account: { userId, currency }, amount: units },
    ],
  });
}

/**
 * A new player funded with `funded` minor units, who asks to withdraw `amount` to `to` through the
 * API; the operator (`operatorToken`) approves it. Answers the player and the withdrawal's id.
 */
export async function approvedWithdrawal(options: {
  email: string;
  currency: string;
  network: Network;
  funded: bigint;
  amount: string;
  to: string;
  operatorToken: string;
}) {
  const { currency, network, amount, to } = options;
  const userId = (await createPlayer({ email: options.email, status: 'active' })).id;
  await fund(userId, currency, options.funded);
  const token = (await createSession(userId)).token;
  const made = await call<Withdrawal>(
    withdraw,
    request('POST', '/wallet/withdrawals', {
      token,
      body: { currency, network, address: to, amount, idempotencyKey: `withdraw-${userId}` },
    }),
  );
  if (made.status !== 200) throw new Error(`withdrawal refused: ${JSON.stringify(made.error)}`);
  const id = made.data!.id;
  const approved = await call<{ status: string }>(
    withId(approve, id),
    request('POST', `/operator/withdrawals/${id}/approve`, { token: options.operatorToken }),
  );
  if (approved.data?.status !== 'approved') throw new Error('approval refused');
  return { userId, id };
}
