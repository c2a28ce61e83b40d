import { z } from 'zod';

/* Player protection: limits, reality check, breaks (time-out, self-exclusion) and closure. */

export const limitKinds = ['deposit', 'loss', 'wager'] as const;
export type LimitKind = (typeof limitKinds)[number];

/** Rolling periods: the last 24 hours, 7 days, 30 days. */
export const limitPeriods = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof limitPeriods)[number];

export const limitPeriodMs: Record<LimitPeriod, number> = {
  day: 24 * 3_600_000,
  week: 7 * 24 * 3_600_000,
  month: 30 * 24 * 3_600_000,
};

/** An increase or a removal waits this long; a decrease applies at once. */
export const LIMIT_INCREASE_DELAY_MS = 24 * 3_600_000;

/** Limits are in whole US dollars (every currency counted at the day's rate). */
export const LIMIT_MAX_USD = 10_000_000;

export const restrictionKinds = ['time-out', 'self-exclusion', 'closed'] as const;
export type RestrictionKind = (typeof restrictionKinds)[number];

/** A time-out lasts 24 hours to 6 weeks; a self-exclusion 6 months to 5 years. */
export const timeOutDurations = ['1d', '3d', '1w', '2w', '4w', '6w'] as const;
export const selfExclusionDurations = ['6m', '1y', '2y', '5y'] as const;
export type BreakDuration =
  (typeof timeOutDurations)[number] | (typeof selfExclusionDurations)[number];

/** Minutes between reality checks a player may choose (null: off). */
export const realityCheckChoices = [15, 30, 45, 60, 90, 120] as const;

export const limitAmountSchema = z.number().int().min(1).max(LIMIT_MAX_USD);

export const setLimitSchema = z
  .object({
    kind: z.enum(limitKinds),
    period: z.enum(limitPeriods),
    /** Whole USD; null removes the limit (after the waiting time). */
    amount: limitAmountSchema.nullable(),
  })
  .meta({ id: 'SetLimit' });
export type SetLimitBody = z.infer<typeof setLimitSchema>;

export const realityCheckSchema = z
  .object({
    minutes: z
      .number()
      .int()
      .refine((m) => (realityCheckChoices as readonly number[]).includes(m), 'realityCheckChoice')
      .nullable(),
  })
  .meta({ id: 'RealityCheckSetting' });

export const startBreakSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('time-out'), duration: z.enum(timeOutDurations) }),
    z.object({ kind: z.literal('self-exclusion'), duration: z.enum(selfExclusionDurations) }),
  ])
  .meta({ id: 'StartBreak' });
export type StartBreakBody = z.infer<typeof startBreakSchema>;

export const closeAccountSchema = z
  .object({
    /** The current password (players without one need a sign-in in the last 5 minutes). */
    password: z.string().min(1).max(200).optional(),
    /** Typed by the player, so the closure is never one stray click. */
    confirm: z.literal(true),
  })
  .meta({ id: 'CloseAccount' });

const usd = z.number().nonnegative();

export const playerLimitSchema = z.object({
  kind: z.enum(limitKinds),
  period: z.enum(limitPeriods),
  amount: z.number().int().nullable(),
  /** Counted over the period so far, in USD. */
  used: usd,
  /** An increase or removal waiting for its time. */
  pending: z.object({ amount: z.number().int().nullable(), effectiveAt: z.string() }).nullable(),
});
export type PlayerLimit = z.infer<typeof playerLimitSchema>;

export const restrictionSchema = z.object({
  kind: z.enum(restrictionKinds),
  /** null for a closed account: it never ends. */
  until: z.string().nullable(),
});
export type Restriction = z.infer<typeof restrictionSchema>;

export const protectionSchema = z
  .object({
    limits: z.array(playerLimitSchema),
    realityCheckMinutes: z.number().int().nullable(),
    restriction: restrictionSchema.nullable(),
    /** This session was opened during a break: balance and withdrawals only. */
    restrictedSession: z.boolean(),
  })
  .meta({ id: 'Protection' });
export type Protection = z.infer<typeof protectionSchema>;

/** What the reality check shows: this session's time and net result (wins less bets), in USD. */
export const playSessionSchema = z
  .object({
    startedAt: z.string(),
    wageredUsd: usd,
    netResultUsd: z.number(),
  })
  .meta({ id: 'PlaySession' });
export type PlaySession = z.infer<typeof playSessionSchema>;

/** The limits form: whole US dollars as typed (the form sends them as a number). */
export const limitFormSchema = z.object({
  kind: z.enum(limitKinds),
  period: z.enum(limitPeriods),
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,8}$/, 'limitAmount')
    .refine((v) => Number(v) >= 1 && Number(v) <= LIMIT_MAX_USD, 'limitAmount'),
});
export type LimitFormValues = z.input<typeof limitFormSchema>;
