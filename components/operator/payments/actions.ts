import type { WithdrawalStatus } from '@/lib/schemas/wallet';

export type WithdrawalAction = 'approve' | 'reject' | 'retry' | 'release';

/** What the payments team can do to a withdrawal in each state (the API checks it again). */
export const actionsFor: Record<WithdrawalStatus, readonly WithdrawalAction[]> = {
  pending: ['approve', 'reject'],
  approved: ['release'],
  failed: ['retry', 'release'],
  paid: [],
  rejected: [],
  cancelled: [],
};
