import { z } from 'zod';

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

export const sportsEventsQuerySchema = z.object({ sport: z.enum(sportKeys) });
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
  markets: z.array(sportsMarketSchema),
});
export type SportsEvent = z.infer<typeof sportsEventSchema>;
