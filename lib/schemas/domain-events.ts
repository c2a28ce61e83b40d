import { z } from 'zod';

/*
 * The contract every product emits and every later engine (bonuses, VIP, reports) reads. Amounts are
 * decimal strings of minor units at the currency's ledger precision; times are ISO 8601.
 */

const minor = z.string().regex(/^-?\d{1,38}$/, 'minor units');
const parts = z.object({ real: minor, bonus: minor });

export const products = ['originals', 'casino', 'sportsbook'] as const;

export const betStatuses = [
  'won',
  'lost',
  'void',
  'half_won',
  'half_lost',
  'cashed_out',
  'refunded',
] as const;

/**
 * `bet.settled` v1. A later `version` of the same bet supersedes the earlier one: a consumer
 * applies version n as a difference against n − 1.
 */
export const betSettledV1 = z.object({
  eventId: z.uuid(),
  product: z.enum(products),
  game: z.string().min(1),
  player: z.uuid(),
  currency: z.string().min(2),
  betId: z.string().min(1),
  version: z.number().int().min(1),
  stake: parts,
  payout: parts,
  status: z.enum(betStatuses),
  /** The house's theoretical edge, in basis points (originals: the bet's; casino: 1 − RTP; sportsbook: the margin). */
  edgeBps: z.number().int().min(0).max(10_000),
  /** What was bet on: chance, multiplier, rows, risk, mines, picks, coverage, selections. */
  shape: z.record(z.string(), z.unknown()),
  settledAt: z.iso.datetime({ offset: true }),
});
export type BetSettledV1 = z.infer<typeof betSettledV1>;

/** A correction after the fact, naming the event it corrects. */
export const betAdjustedV1 = z.object({
  eventId: z.uuid(),
  corrects: z.uuid(),
  product: z.enum(products),
  player: z.uuid(),
  currency: z.string().min(2),
  betId: z.string().min(1),
  /** What the correction moves for the player: positive pays them, negative takes back. */
  amount: minor,
  reason: z.string().min(1).max(500),
  adjustedAt: z.iso.datetime({ offset: true }),
});
export type BetAdjustedV1 = z.infer<typeof betAdjustedV1>;

export const depositCreditedV1 = z.object({
  eventId: z.uuid(),
  player: z.uuid(),
  currency: z.string().min(2),
  amount: minor,
  /** Credited to the withdraw-only balance (a break, or past a deposit limit): no bonus may count it. */
  withdrawOnly: z.boolean(),
  source: z.string().min(1),
  transactionId: z.uuid(),
  creditedAt: z.iso.datetime({ offset: true }),
});
export type DepositCreditedV1 = z.infer<typeof depositCreditedV1>;

export const withdrawalPaidV1 = z.object({
  eventId: z.uuid(),
  player: z.uuid(),
  withdrawalId: z.uuid(),
  currency: z.string().min(2),
  amount: minor,
  fee: minor,
  transactionId: z.uuid(),
  paidAt: z.iso.datetime({ offset: true }),
});
export type WithdrawalPaidV1 = z.infer<typeof withdrawalPaidV1>;

/** Each event type with the schema of its current version. */
export const domainEventSchemas = {
  'bet.settled': { version: 1, schema: betSettledV1 },
  'bet.adjusted': { version: 1, schema: betAdjustedV1 },
  'deposit.credited': { version: 1, schema: depositCreditedV1 },
  'withdrawal.paid': { version: 1, schema: withdrawalPaidV1 },
} as const;
export type DomainEventType = keyof typeof domainEventSchemas;
export type DomainEventPayload<T extends DomainEventType> = z.infer<
  (typeof domainEventSchemas)[T]['schema']
>;
