import { post } from '@/lib/server/wallet/ledger';

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
