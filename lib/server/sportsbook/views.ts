import 'server-only';
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  SPORTS_BETS_PAGE,
  type SportKey,
  type SportsBet,
  type SportsEvent,
} from '@/lib/schemas/sportsbook';
import { getDb } from '@/lib/server/db';
import { sportsBetLegs, sportsBets, sportsEvents, sportsMarkets } from '@/lib/server/db/schema';
import { cachedPrecision, formatMinor } from '@/lib/server/wallet/amounts';
import { cashOutOffers } from './cashout';

type BetRow = typeof sportsBets.$inferSelect;
type Market = SportsEvent['markets'][number];
type LegView = SportsBet['legs'][number];

/** What a bet's leg shows of its event and market. */
export type LegRow = {
  betId: string;
  outcome: string;
  odds: number;
  result: string | null;
  eventId: number;
  sport: string;
  competition: string;
  home: string;
  away: string;
  startsAt: Date;
  kind: string;
  period: string;
  lineQuarters: number;
};

type ShownBet = Pick<
  BetRow,
  | 'id'
  | 'currency'
  | 'stake'
  | 'potentialReturn'
  | 'payout'
  | 'odds'
  | 'oddsRule'
  | 'live'
  | 'state'
  | 'createdAt'
  | 'settledAt'
>;

/** A bet as the player reads it, from its row, its legs (in order) and its cash-out offer. */
export function betView(
  row: ShownBet,
  legs: LegRow[],
  cashOut: bigint | undefined,
  decimals: number,
): SportsBet {
  const money = (units: bigint) => formatMinor(units, decimals);
  return {
    id: row.id,
    currency: row.currency,
    stake: money(row.stake),
    potentialReturn: money(row.potentialReturn),
    payout: money(row.payout),
    odds: row.odds,
    oddsRule: row.oddsRule,
    live: row.live,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
    cashOut: cashOut === undefined ? null : money(cashOut),
    legs: legs.map((l): LegView => ({
      eventId: l.eventId,
      sport: l.sport as SportKey,
      competition: l.competition,
      home: l.home,
      away: l.away,
      startsAt: l.startsAt.toISOString(),
      market: {
        kind: l.kind as Market['kind'],
        period: l.period as Market['period'],
        line: l.kind === 'total' || l.kind === 'handicap' ? l.lineQuarters / 4 : null,
      },
      outcome: l.outcome as LegView['outcome'],
      odds: l.odds,
      result: l.result as LegView['result'],
    })),
  };
}

/** Bets as the player reads them, each with its legs' events and markets (two more reads). */
async function withLegs(rows: BetRow[], withOffers = false): Promise<SportsBet[]> {
  if (!rows.length) return [];
  const db = await getDb();
  const legs: LegRow[] = await db
    .select({
      betId: sportsBetLegs.betId,
      outcome: sportsBetLegs.outcome,
      odds: sportsBetLegs.odds,
      result: sportsBetLegs.result,
      eventId: sportsEvents.id,
      sport: sportsEvents.sport,
      competition: sportsEvents.competition,
      home: sportsEvents.home,
      away: sportsEvents.away,
      startsAt: sportsEvents.startsAt,
      kind: sportsMarkets.kind,
      period: sportsMarkets.period,
      lineQuarters: sportsMarkets.lineQuarters,
    })
    .from(sportsBetLegs)
    .innerJoin(sportsEvents, eq(sportsEvents.id, sportsBetLegs.eventId))
    .innerJoin(sportsMarkets, eq(sportsMarkets.id, sportsBetLegs.marketId))
    .where(
      inArray(
        sportsBetLegs.betId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(sportsBetLegs.betId), asc(sportsBetLegs.leg));
  const precision = await cachedPrecision();
  const offers = withOffers
    ? await cashOutOffers(rows.map((r) => ({ ...r, legs: legs.filter((l) => l.betId === r.id) })))
    : new Map<string, bigint>();
  return rows.map((row) =>
    betView(
      row,
      legs.filter((l) => l.betId === row.id),
      offers.get(row.id),
      precision.get(row.currency) ?? 0,
    ),
  );
}

/** The player's bet placed under this key, if any. */
export async function betByKey(userId: string, key: string): Promise<SportsBet | null> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(sportsBets)
    .where(and(eq(sportsBets.userId, userId), eq(sportsBets.idempotencyKey, key)));
  const [bet] = await withLegs(rows, true);
  return bet ?? null;
}

/** One of the player's bets, with its cash-out offer. */
export async function betById(userId: string, id: string): Promise<SportsBet | null> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(sportsBets)
    .where(and(eq(sportsBets.userId, userId), eq(sportsBets.id, id)));
  const [bet] = await withLegs(rows, true);
  return bet ?? null;
}

/** A page of the player's bets, newest first: those still open, or those settled or cashed out. */
export async function playerBets(
  userId: string,
  state: 'open' | 'settled',
  before?: string,
): Promise<{ bets: SportsBet[]; next: string | null }> {
  const db = await getDb();
  const where: SQL[] = [
    eq(sportsBets.userId, userId),
    state === 'open' ? eq(sportsBets.state, 'open') : ne(sportsBets.state, 'open'),
  ];
  // Row comparison on (created_at, id): bets placed in the same microsecond are neither skipped
  // nor repeated across pages.
  if (before) {
    where.push(
      sql`(${sportsBets.createdAt}, ${sportsBets.id}) < (SELECT created_at, id FROM sports_bets WHERE id = ${before} AND user_id = ${userId})`,
    );
  }
  const rows = await db
    .select()
    .from(sportsBets)
    .where(and(...where))
    .orderBy(desc(sportsBets.createdAt), desc(sportsBets.id))
    .limit(SPORTS_BETS_PAGE + 1);
  const page = rows.slice(0, SPORTS_BETS_PAGE);
  const more = rows.length > SPORTS_BETS_PAGE;
  return {
    bets: await withLegs(page, state === 'open'),
    next: more ? page[page.length - 1]!.id : null,
  };
}
