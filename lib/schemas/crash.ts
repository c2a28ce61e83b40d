import { z } from 'zod';
import { CRASH_TARGET_MAX, CRASH_TARGET_MIN } from '@/lib/fairness/crash';
import { DECIMAL_AMOUNT } from './wallet';

/*
 * Crash's requests and answers, shared by the API, the socket events and the page. Multipliers
 * travel in hundredths (250 = 2.50×); times as ISO strings or epoch milliseconds (the curve).
 */

export const crashCommitmentSchema = z
  .object({
    chainId: z.string(),
    terminatingHash: z.string(),
    length: z.number().int(),
    edgeBps: z.number().int(),
    /** Null while the announced block is not mined yet. */
    salt: z.string().nullable(),
    saltKind: z.enum(['bitcoin', 'demo']),
    saltHeight: z.number().int().nullable(),
    formula: z.string(),
    committedAt: z.string(),
  })
  .meta({ id: 'CrashCommitment' });
export type CrashCommitment = z.infer<typeof crashCommitmentSchema>;

export const crashBetStates = ['open', 'cashed_out', 'busted', 'refunded'] as const;

/** A bet as the round's player list shows it (the name only when the player shows it). */
export const crashPlayerSchema = z.object({
  id: z.string(),
  player: z.string().nullable(),
  currency: z.string(),
  amount: z.string(),
  state: z.enum(crashBetStates),
  /** The multiplier cashed out at, in hundredths. */
  cashedUnits: z.number().int().nullable(),
  payout: z.string().nullable(),
});
export type CrashPlayer = z.infer<typeof crashPlayerSchema>;

/** A player's own bet: the list's view and what they asked. */
export const crashBetSchema = crashPlayerSchema
  .extend({ roundId: z.string(), autoUnits: z.number().int().nullable() })
  .meta({ id: 'CrashBet' });
export type CrashBet = z.infer<typeof crashBetSchema>;

export const crashRoundStates = ['betting', 'running', 'busted', 'aborted'] as const;

export const crashRoundSchema = z
  .object({
    id: z.string(),
    game: z.number().int(),
    state: z.enum(crashRoundStates),
    /** When the curve starts (epoch ms): bets are taken until then. */
    startsAt: z.number(),
    /** Revealed at the bust. */
    crashUnits: z.number().int().nullable(),
    hash: z.string().nullable(),
    players: z.array(crashPlayerSchema),
  })
  .meta({ id: 'CrashRound' });
export type CrashRound = z.infer<typeof crashRoundSchema>;

/** A past round: its game, crash point and hash, for the history strip and the verifier. */
export const crashPastSchema = z.object({
  id: z.string(),
  game: z.number().int(),
  state: z.enum(crashRoundStates),
  crashUnits: z.number().int().nullable(),
  hash: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type CrashPast = z.infer<typeof crashPastSchema>;

export const crashStateSchema = z
  .object({
    /** The server's clock (epoch ms) when this was answered: the page aligns its curve to it. */
    serverNow: z.number(),
    commitment: crashCommitmentSchema.nullable(),
    round: crashRoundSchema.nullable(),
    history: z.array(crashPastSchema),
    /** The signed-in player's bet in the current round. */
    mine: crashBetSchema.nullable(),
  })
  .meta({ id: 'CrashState' });
export type CrashState = z.infer<typeof crashStateSchema>;

/** Joining the round taking bets: a stake ("0" plays for nothing) and an optional auto cash-out. */
export const crashJoinSchema = z
  .object({
    currency: z.string().regex(/^[A-Z0-9]{2,10}$/),
    amount: z.string().regex(DECIMAL_AMOUNT, 'amountFormat'),
    idempotencyKey: z.string().min(8).max(100),
    /** Cash out by itself at this multiplier (1.01× and up, two decimals). */
    autoCashout: z
      .number()
      .min(CRASH_TARGET_MIN / 100, 'targetRange')
      .max(CRASH_TARGET_MAX / 100, 'targetRange')
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'targetDecimals')
      .nullable()
      .optional(),
  })
  .meta({ id: 'CrashJoin' });
export type CrashJoin = z.infer<typeof crashJoinSchema>;

export const crashBetIdSchema = z.object({ id: z.uuid() });
