import { z } from 'zod';
import { SECTION_MAX } from '@/lib/sportsbook/sections';
import { MAX_LEGS } from '@/lib/sportsbook/slip';
import { DECIMAL_AMOUNT } from './wallet';

/** The sport sections the book lists (the keys of lib/site/paths.ts `sportsSections`). */
export const sportKeys = [
  'soccer',
  'basketball',
  'baseball',
  'americanFootball',
  'esportFifa',
  'eFifa',
  'iceHockey',
  'tennis',
] as const;
export type SportKey = (typeof sportKeys)[number];

export const sportsEventsQuerySchema = z.object({
  sport: z.enum(sportKeys),
  limit: z.coerce.number().int().min(1).max(SECTION_MAX).default(SECTION_MAX),
});
export const sportsEventParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const sportsMarketSchema = z.object({
  id: z.string(),
  kind: z.enum(['1x2', 'moneyline', 'total', 'handicap']),
  /** regulation: 90 minutes or regulation time; full: overtime included. */
  period: z.enum(['regulation', 'full']),
  /** A total's line, or the home side's handicap, in goals or points; null for 1X2 and moneyline. */
  line: z.number().nullable(),
  state: z.enum(['open', 'suspended', 'closed', 'settled']),
  /** Our price per outcome, odds × 10⁴ (null while the market is closed). */
  outcomes: z.array(
    z.object({
      key: z.enum(['home', 'draw', 'away', 'over', 'under']),
      odds: z.number().int().nullable(),
    }),
  ),
});

export const sportsEventSchema = z.object({
  id: z.number().int(),
  sport: z.enum(sportKeys),
  competition: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: z.string(),
  state: z.enum(['scheduled', 'live', 'ended', 'abandoned']),
  /** In play: the minute (of the sport's regulation length) and the score; else null. */
  live: z
    // The score home first, as a pair (an array of two: OpenAPI tools read tuples poorly).
    .object({ minute: z.number().int(), score: z.array(z.number().int()).length(2) })
    .nullable(),
  /** Every market of the event; a section's list carries only its result market (1X2, winner). */
  markets: z.array(sportsMarketSchema),
  /** How many markets the event has in all. */
  marketCount: z.number().int(),
});
export type SportsEvent = z.infer<typeof sportsEventSchema>;

export const outcomeKeys = ['home', 'draw', 'away', 'over', 'under'] as const;
export type OutcomeKey = (typeof outcomeKeys)[number];
/** What the player accepts when a price moves before the bet is taken. */
export const oddsRules = ['any', 'higher', 'none'] as const;
export type OddsRule = (typeof oddsRules)[number];

export const selectionSchema = z.object({
  marketId: z.uuid(),
  outcome: z.enum(outcomeKeys),
  /** The price the player saw, × 10⁴: checked against ours under the player's rule. */
  odds: z.number().int().min(10_100).max(10_000_000),
});
export type Selection = z.infer<typeof selectionSchema>;

/** One bet: a single (one selection) or a multiple (one stake on every selection winning). */
export const sportsBetRequestSchema = z.object({
  currency: z.string().regex(/^[A-Z0-9]{2,10}$/),
  amount: z.string().regex(DECIMAL_AMOUNT, 'amountFormat'),
  selections: z
    .array(selectionSchema)
    .min(1)
    .max(MAX_LEGS)
    .refine((s) => new Set(s.map((x) => x.marketId)).size === s.length, 'duplicateSelection'),
  oddsRule: z.enum(oddsRules),
  idempotencyKey: z.string().min(8).max(100),
});
export type SportsBetRequest = z.infer<typeof sportsBetRequestSchema>;

export const sportsBetLegSchema = z.object({
  eventId: z.number().int(),
  sport: z.enum(sportKeys),
  competition: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: z.string(),
  market: z.object({
    kind: sportsMarketSchema.shape.kind,
    period: sportsMarketSchema.shape.period,
    line: z.number().nullable(),
  }),
  outcome: z.enum(outcomeKeys),
  odds: z.number().int(),
  result: z.enum(['won', 'lost', 'void', 'half-won', 'half-lost']).nullable(),
});

export const sportsBetSchema = z.object({
  id: z.uuid(),
  currency: z.string(),
  /** Decimal amounts in the currency. */
  stake: z.string(),
  potentialReturn: z.string(),
  payout: z.string(),
  /** The legs' odds multiplied, × 10⁴. */
  odds: z.number().int(),
  oddsRule: z.enum(oddsRules),
  live: z.boolean(),
  state: z.enum(['open', 'settled', 'cashed_out']),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  /** What the book would pay now to close an open single (null when it makes no offer). */
  cashOut: z.string().nullable(),
  legs: z.array(sportsBetLegSchema),
});
export type SportsBet = z.infer<typeof sportsBetSchema>;

export const sportsBetIdSchema = z.object({ id: z.uuid() });
/** A cash-out as the player accepted it: the offer they saw, and the rule if it moves. */
export const cashOutRequestSchema = z.object({
  amount: z.string().regex(DECIMAL_AMOUNT, 'amountFormat'),
  oddsRule: z.enum(oddsRules),
});

export const sportsBetsQuerySchema = z.object({
  /** open: bets still running; settled: settled or cashed out. */
  state: z.enum(['open', 'settled']).default('open'),
  /** The page after this bet (the previous page's `next`). */
  before: z.uuid().optional(),
});
export const SPORTS_BETS_PAGE = 30;
export const sportsBetsPageSchema = z.object({
  bets: z.array(sportsBetSchema),
  /** The `before` of the next page (its last bet's id), or null at the end. */
  next: z.string().nullable(),
});

/** A side's goals or points in a final score. */
const points = z.number().int().min(0).max(999);
const scoreSchema = z.object({ home: points, away: points });

/** A result entered in the settlement room: after regulation time, and after overtime if any. */
export const eventResultSchema = z.object({
  regulation: scoreSchema,
  /** Only where overtime was played; otherwise the regulation score stands for the whole match. */
  full: scoreSchema.optional(),
});
export const eventVoidSchema = z.object({ reason: z.string().trim().min(3).max(500) });

/**
 * A corrected result for an event already closed: a new score, or none (every market void), with
 * the reason kept in the audit. The key makes a request waiting for approval answer again; one
 * done at once, asked again, finds the result already there.
 */
export const eventResettleSchema = z.object({
  result: eventResultSchema.nullable(),
  reason: z.string().trim().min(3).max(500),
  idempotencyKey: z.string().min(8).max(100),
});
export type EventResettleBody = z.infer<typeof eventResettleSchema>;

/**
 * A resettlement waiting for approval, as the approval holds it: enough to run it, to show it,
 * and to tell it is stale (`from`: the result it corrected).
 */
export const resettleRequestSchema = z.object({
  eventId: z.number().int(),
  match: z.string(),
  result: z
    .object({
      regulation: z.tuple([z.number().int(), z.number().int()]),
      full: z.tuple([z.number().int(), z.number().int()]),
    })
    .nullable(),
  from: z.unknown(),
  reason: z.string(),
  idempotencyKey: z.string(),
});

/** Done at once (no bet it touches had paid anything), or waiting for a second staff member. */
export const eventResettledSchema = z.object({
  id: z.number().int(),
  status: z.enum(['resettled', 'pending']),
  approvalId: z.uuid().optional(),
});

/** Which match a settlement-room row is, and when it starts. */
const roomMatchSchema = z.object({
  id: z.number().int(),
  sport: z.enum(sportKeys),
  competition: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: z.string(),
});

/** A closed event's final score, each a pair home first (arrays of two, as the live score). */
const pair = z.array(z.number().int()).length(2);
const finalScoreSchema = z.object({ regulation: pair, full: pair });

/** An event closed in the last days with bets on it: what a resettlement would correct. */
export const closedEventSchema = roomMatchSchema.extend({
  state: z.enum(['ended', 'abandoned']),
  endedAt: z.string().nullable(),
  result: finalScoreSchema.nullable(),
  bets: z.number().int(),
});

/** An event closed by staff: its state and what it settled. */
export const eventClosedSchema = z.object({
  id: z.number().int(),
  state: z.enum(['ended', 'abandoned']),
});

/** An event still open in the settlement room, with what the book stands to lose on it. */
export const roomEventSchema = roomMatchSchema.extend({
  state: z.enum(['scheduled', 'live']),
  openBets: z.number().int(),
  /** The largest of its selections' liabilities, in US dollars. */
  liabilityUsd: z.number(),
  /** Suspended by staff: the whole event, and the markets suspended one by one. */
  held: z.boolean(),
  heldMarkets: z.array(z.uuid()),
});

/** Risk staff suspend (or reopen) an event, or one of its markets with `marketId`. */
export const eventSuspendSchema = z.object({
  suspended: z.boolean(),
  marketId: z.uuid().optional(),
});
export const eventSuspendedSchema = z.object({
  id: z.number().int(),
  held: z.boolean(),
  heldMarkets: z.array(z.uuid()),
});

/** A phase of a sport's book: before its matches, or during them. */
export const bookPhases = ['prematch', 'live'] as const;
export type BookPhase = (typeof bookPhases)[number];

const usd = z.number().positive().max(100_000_000);

/**
 * How the book prices and limits one sport in one phase, as risk staff set it: our margin on each
 * market (1 %–25 %), and the limits in US dollars (a stake's least and most, the most a bet may
 * return, the most the book may lose on one selection, and one player on one event).
 */
const bookSettingsFields = z.object({
  margin: z.number().min(0.01).max(0.25),
  minStakeUsd: usd,
  maxStakeUsd: usd,
  maxPayoutUsd: usd,
  selectionLiabilityUsd: usd,
  playerEventLiabilityUsd: usd,
});
export const bookSettingsSchema = bookSettingsFields.refine((s) => s.minStakeUsd <= s.maxStakeUsd, {
  path: ['maxStakeUsd'],
});
export type BookSettings = z.infer<typeof bookSettingsSchema>;

export const bookSettingsParamsSchema = z.object({
  sport: z.enum(sportKeys),
  phase: z.enum(bookPhases),
});

/** One row of the book's settings as the settlement room lists them; `updatedBy` null: the default. */
export const bookSettingsRowSchema = z.object({
  sport: z.enum(sportKeys),
  phase: z.enum(bookPhases),
  settings: bookSettingsFields,
  updatedBy: z.string().nullable(),
  /** The staff member's name, when a staff member set them. */
  updatedByName: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type BookSettingsRow = z.infer<typeof bookSettingsRowSchema>;
