import { z } from 'zod';

/** The products with a house account of their own; `game` is the retired shared one (old rows). */
export const reportProducts = ['casino', 'originals', 'sportsbook', 'game'] as const;
export type ReportProduct = (typeof reportProducts)[number];

export const REPORT_MAX_DAYS = 366;
const day = z.iso.date();

/** A report's range: UTC days, both ends included, at most a year. */
const rangeRules = <T extends { from: string; to: string }>(schema: z.ZodType<T>) =>
  schema
    .refine((q) => q.from <= q.to, { message: 'reportRangeOrder', path: ['to'] })
    .refine((q) => Date.parse(q.to) - Date.parse(q.from) < REPORT_MAX_DAYS * 86_400_000, {
      message: 'reportRangeTooLong',
      path: ['to'],
    });
const range = z.object({ from: day, to: day });
export const reportQuerySchema = rangeRules(range);
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** USD with cents, as a decimal string ("-12.50"). */
const usd = z.string().regex(/^-?\d+\.\d{2}$/);

export const reportDaySchema = z
  .object({
    day,
    ggr: z.object({ casino: usd, originals: usd, sportsbook: usd, game: usd, total: usd }),
    bonusCost: usd,
    ngr: usd,
    activePlayers: z.int().min(0),
    deposits: z.object({ count: z.int().min(0), usd }),
    withdrawals: z.object({ count: z.int().min(0), usd }),
    firstDeposits: z.int().min(0),
    newPlayers: z.int().min(0),
    /** The day's prices came from the built-in indicative table. */
    indicative: z.boolean(),
    /** Currencies that moved that day without a price in its snapshot (counted as 0 USD). */
    unpriced: z.array(z.string()),
  })
  .meta({ id: 'ReportDay' });
export type ReportDay = z.infer<typeof reportDaySchema>;

export const reportPlayerSchema = z
  .object({
    userId: z.uuid(),
    memberId: z.string(),
    username: z.string(),
    ggr: usd,
    deposits: usd,
    withdrawals: usd,
  })
  .meta({ id: 'ReportPlayer' });
export type ReportPlayer = z.infer<typeof reportPlayerSchema>;

export const reportSchema = z
  .object({ days: z.array(reportDaySchema), players: z.array(reportPlayerSchema) })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof reportSchema>;

// One object (not an intersection), so the OpenAPI document lists each of its parameters.
export const reportCsvQuerySchema = rangeRules(
  range.extend({ view: z.enum(['days', 'players']).default('days') }),
);
