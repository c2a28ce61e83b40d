import 'server-only';
import { eq, inArray, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db';
import { sportsEvents, sportsMarkets } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/wallet/ledger';
import type { MarketRow } from './quote';

type Db = Awaited<ReturnType<typeof getDb>>;

/**
 * A market as placement and cash-out read it: what decides whether it takes a bet and at what
 * price, its margin-free probabilities (the cash-out offer), and what a bet's leg shows of it —
 * so a bet just placed is answered without reading it back.
 */
export type BookMarket = MarketRow & {
  fair: number[];
  kind: string;
  period: string;
  lineQuarters: number;
  competition: string;
  home: string;
  away: string;
};

const columns = {
  id: sportsMarkets.id,
  eventId: sportsMarkets.eventId,
  outcomes: sportsMarkets.outcomes,
  odds: sportsMarkets.odds,
  state: sportsMarkets.state,
  sport: sportsEvents.sport,
  eventState: sportsEvents.state,
  startsAt: sportsEvents.startsAt,
  pricedAt: sportsMarkets.pricedAt,
  held: sql<boolean>`(${sportsMarkets.held} OR ${sportsEvents.held})`,
  fair: sportsMarkets.fair,
  kind: sportsMarkets.kind,
  period: sportsMarkets.period,
  lineQuarters: sportsMarkets.lineQuarters,
  competition: sportsEvents.competition,
  home: sportsEvents.home,
  away: sportsEvents.away,
};

/** The markets with their events; inside a posting, locked against a reprice. */
export async function marketsOf(db: Db | Tx, ids: string[], lock: boolean): Promise<BookMarket[]> {
  const query = db
    .select(columns)
    .from(sportsMarkets)
    .innerJoin(sportsEvents, eq(sportsEvents.id, sportsMarkets.eventId))
    .where(inArray(sportsMarkets.id, ids))
    .orderBy(sportsMarkets.id);
  return lock ? query.for('share', { of: sportsMarkets }) : query;
}
