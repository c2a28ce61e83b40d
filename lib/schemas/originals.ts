import { z } from 'zod';
import { toHundredths } from '@/lib/originals/params';
import { MINES_MAX, MINES_MIN, MINES_TILES } from '@/lib/fairness/mines';
import { PLINKO_RISKS, PLINKO_ROWS_MAX, PLINKO_ROWS_MIN } from '@/lib/fairness/plinko-tables';
import { DECIMAL_AMOUNT } from './wallet';

/*
 * The originals' requests and answers, shared by the API and the game pages. Targets travel as
 * numbers with at most two decimals (50.5, 2.25) and are kept in hundredths from there on.
 */

export const originalGames = ['dice', 'limbo', 'plinko', 'mines'] as const;
export type OriginalGame = (typeof originalGames)[number];
/** The originals settled the moment they are placed (Mines stays open across requests). */
export const instantGames = ['dice', 'limbo', 'plinko'] as const;

const twoDecimals = (value: number) => Math.abs(value * 100 - toHundredths(value)) < 1e-6;

const target = (min: number, max: number) =>
  z.number().min(min, 'targetRange').max(max, 'targetRange').refine(twoDecimals, 'targetDecimals');

export const diceParamsSchema = z.object({
  game: z.literal('dice'),
  /** Roll over or under this number (0–100, two decimals); the chance must be 0.01–98 %. */
  target: target(0, 100),
  side: z.enum(['over', 'under']),
});
export const limboParamsSchema = z.object({
  game: z.literal('limbo'),
  /** The multiplier the result must reach: 1.01× to 1,000,000×. */
  target: target(1.01, 1_000_000),
});
export const plinkoParamsSchema = z.object({
  game: z.literal('plinko'),
  rows: z.number().int().min(PLINKO_ROWS_MIN).max(PLINKO_ROWS_MAX),
  risk: z.enum(PLINKO_RISKS),
});
export const minesParamsSchema = z.object({
  game: z.literal('mines'),
  mines: z.number().int().min(MINES_MIN, 'minesRange').max(MINES_MAX, 'minesRange'),
});

/** What a Dice, Limbo or Plinko bet asks: the request of `POST /originals/bets`. */
export const instantParamsSchema = z.discriminatedUnion('game', [
  diceParamsSchema,
  limboParamsSchema,
  plinkoParamsSchema,
]);
export type InstantParams = z.infer<typeof instantParamsSchema>;

/** What any settled original asked, as its bet keeps it (a Mines game's picks are its result). */
export const betParamsSchema = z.discriminatedUnion('game', [
  diceParamsSchema,
  limboParamsSchema,
  plinkoParamsSchema,
  minesParamsSchema,
]);
export type BetParams = z.infer<typeof betParamsSchema>;

export { fairBetOf, toHundredths } from '@/lib/originals/params';

/** A stake: its currency, the amount ("0" plays for nothing) and the request's key. */
const stakeSchema = z.object({
  currency: z.string().regex(/^[A-Z0-9]{2,10}$/),
  amount: z.string().regex(DECIMAL_AMOUNT, 'amountFormat'),
  idempotencyKey: z.string().min(8).max(100),
});

/** A bet: its game and parameters, the stake (a decimal in the currency; "0" plays for nothing). */
export const betRequestSchema = z
  .intersection(instantParamsSchema, stakeSchema)
  .meta({ id: 'OriginalBetRequest' });
export type BetRequest = z.infer<typeof betRequestSchema>;

export const clientSeedSchema = z
  .string()
  .trim()
  .min(1, 'clientSeedLength')
  .max(64, 'clientSeedLength')
  .regex(/^[\x20-\x7e]+$/, 'clientSeedChars');

export const rotateSeedsSchema = z
  .object({ clientSeed: clientSeedSchema })
  .meta({ id: 'RotateSeedsRequest' });

const seedView = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number(),
});

export const seedsSchema = z
  .object({
    active: seedView,
    /** Committed now; the next rotation makes it active with the client seed the player picks. */
    next: z.object({ serverSeedHash: z.string() }),
  })
  .meta({ id: 'FairSeeds' });
export type Seeds = z.infer<typeof seedsSchema>;

export const rotatedSchema = seedsSchema
  .extend({
    /** The pair just retired: its server seed revealed, and how many bets it drew. */
    previous: seedView.extend({ serverSeed: z.string() }),
  })
  .meta({ id: 'RotatedSeeds' });
export type Rotated = z.infer<typeof rotatedSchema>;

export const betSchema = z
  .object({
    id: z.uuid(),
    game: z.enum(originalGames),
    currency: z.string(),
    amount: z.string(),
    payout: z.string(),
    /** The multiplier paid, as a decimal (0 for a loss). */
    multiplier: z.string(),
    win: z.boolean(),
    params: betParamsSchema,
    /** Dice: `roll`; Limbo: `result`; Plinko: `path` and `bucket`; Mines: `mines`, `picks`, `bust`. */
    result: z.record(z.string(), z.unknown()),
    serverSeedHash: z.string(),
    /** Present once the seed has been retired (rotated): until then the result cannot be foreseen. */
    serverSeed: z.string().nullable(),
    clientSeed: z.string(),
    nonce: z.number(),
    mappingVersion: z.number(),
    edgeBps: z.number(),
    tableId: z.string().nullable(),
    /** The player's name, or null when they hide it. */
    player: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'OriginalBet' });
export type Bet = z.infer<typeof betSchema>;

export const betIdSchema = z.object({ id: z.uuid() });

/** What a bet page and the game controls need to know before the first bet. */
export const originalsConfigSchema = z
  .object({
    edgeBps: z.number(),
    /** Each game's return to player as the catalog writes it ("99.00%"); Plinko's is its lowest table's. */
    games: z.array(z.object({ game: z.enum(originalGames), rtpValue: z.string() })),
    /** Per currency: the smallest non-zero stake and the largest payout, as decimals. */
    limits: z.array(z.object({ currency: z.string(), minBet: z.string(), maxWin: z.string() })),
    plinko: z.array(
      z.object({
        rows: z.number(),
        risk: z.enum(PLINKO_RISKS),
        multipliers: z.array(z.string()),
        /** The exact return to player as a decimal percentage, to four places. */
        rtp: z.string(),
      }),
    ),
    tableId: z.string(),
  })
  .meta({ id: 'OriginalsConfig' });
export type OriginalsConfig = z.infer<typeof originalsConfigSchema>;

export const liveBetSchema = z.object({
  id: z.uuid(),
  game: z.enum(originalGames),
  player: z.string().nullable(),
  currency: z.string(),
  amount: z.string(),
  multiplier: z.string(),
  payout: z.string(),
  createdAt: z.string(),
});
export const liveBetsSchema = z
  .object({
    latest: z.array(liveBetSchema),
    bigWins: z.array(liveBetSchema),
    /** Players who bet on each game in the last 15 minutes. */
    players: z.object({
      dice: z.number(),
      limbo: z.number(),
      plinko: z.number(),
      mines: z.number(),
    }),
  })
  .meta({ id: 'LiveBets' });
export type LiveBets = z.infer<typeof liveBetsSchema>;

/** The game record's filters: every product's rounds (`game_rounds`), newest first. */
export const gameRecordQuerySchema = z
  .object({
    product: z.enum(['originals', 'casino', 'sportsbook']).optional(),
    game: z
      .string()
      .regex(/^[a-z0-9_-]{1,64}$/)
      .optional(),
    currency: z
      .string()
      .regex(/^[A-Z0-9]{2,10}$/)
      .optional(),
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/)
      .optional()
      .describe('nextCursor of the previous page'),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .meta({ id: 'GameRecordQuery' });
export type GameRecordQuery = z.output<typeof gameRecordQuerySchema>;

export const gameRoundSchema = z
  .object({
    id: z.uuid(),
    product: z.string(),
    game: z.string(),
    /** A catalog game's name (a casino round names its game by the aggregator's code). */
    gameName: z.string().nullable(),
    /** The bet's id within its product (an original's bet page is /x-games/bet/<roundId>). */
    roundId: z.string(),
    currency: z.string(),
    amount: z.string(),
    payout: z.string(),
    state: z.enum(['open', 'settled', 'void']),
    /** How the result is checked: for originals the seed hash, client seed, nonce, mapping. */
    fairness: z.record(z.string(), z.unknown()).nullable(),
    /** An original's server seed, once retired: the bet can then be verified. */
    serverSeed: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'GameRound' });
export type GameRound = z.infer<typeof gameRoundSchema>;

export const gameRecordPageSchema = z
  .object({ data: z.array(gameRoundSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'GameRecordPage' });
export type GameRecordPage = z.infer<typeof gameRecordPageSchema>;

/** A Mines game opened: how many mines, and the stake. */
export const minesOpenSchema = z
  .intersection(minesParamsSchema.omit({ game: true }), stakeSchema)
  .meta({ id: 'MinesOpenRequest' });
export type MinesOpen = z.infer<typeof minesOpenSchema>;

export const minesRevealSchema = z
  .object({
    tile: z
      .number()
      .int()
      .min(0, 'tileRange')
      .max(MINES_TILES - 1, 'tileRange'),
  })
  .meta({ id: 'MinesRevealRequest' });

export const minesGameIdSchema = z.object({ id: z.uuid() });

export const minesStates = ['open', 'busted', 'cashed_out'] as const;

export const minesGameSchema = z
  .object({
    id: z.uuid(),
    state: z.enum(minesStates),
    currency: z.string(),
    amount: z.string(),
    mines: z.number(),
    /** The tiles revealed, in order (a busted game's last one is the mine). */
    picks: z.array(z.number()),
    /** What a cash-out pays per unit staked now, and after one more safe tile (null at the end). */
    multiplier: z.string(),
    nextMultiplier: z.string().nullable(),
    /** Open: what a cash-out pays now; closed: what was paid. */
    payout: z.string(),
    /** The mines' tiles, once the game is over (never while it is open). */
    layout: z.array(z.number()).nullable(),
    bust: z.number().nullable(),
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    nonce: z.number(),
    edgeBps: z.number(),
    createdAt: z.string(),
    closedAt: z.string().nullable(),
  })
  .meta({ id: 'MinesGame' });
export type MinesGame = z.infer<typeof minesGameSchema>;

/** The player's open game, if any: a game survives a reload and a restart. */
export const openMinesSchema = z
  .object({ game: minesGameSchema.nullable() })
  .meta({ id: 'OpenMinesGame' });
