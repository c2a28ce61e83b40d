import 'server-only';
import { config } from '@/lib/config';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { SportKey, SportsEvent } from '@/lib/schemas/sportsbook';
import { SECTION_MAX } from '@/lib/sportsbook/sections';
import { getDb } from '@/lib/server/db';
import { sportsEvents, sportsMarkets, type SportsMarketRow } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';

type EventRow = typeof sportsEvents.$inferSelect;

/** A match's regulation length in its sport's minutes (tennis: a set is a third of it). */
export const MATCH_MINUTES: Record<SportKey, number> = {
  soccer: 90,
  esportFifa: 12,
  eFifa: 12,
  iceHockey: 60,
  basketball: 48,
  americanFootball: 60,
  baseball: 9,
  tennis: 3,
};

/**
 * A live market whose prices have gone stale, or one risk staff suspended (or its event), shows as
 * suspended: it takes no bets (./quote.ts).
 */
function shownState(event: EventRow, m: SportsMarketRow): SportsMarketRow['state'] {
  const stale = event.state === 'live' && Date.now() - m.pricedAt.getTime() > config.LIVE_STALE_MS;
  return m.state === 'open' && (stale || m.held || event.held) ? 'suspended' : m.state;
}

function toEvent(event: EventRow, markets: SportsMarketRow[]): SportsEvent {
  return {
    id: event.id,
    sport: event.sport as SportKey,
    competition: event.competition,
    home: event.home,
    away: event.away,
    startsAt: event.startsAt.toISOString(),
    state: event.state,
    live:
      event.state === 'live' && event.live
        ? {
            minute: Math.min(
              MATCH_MINUTES[event.sport as SportKey],
              Math.floor(event.live.played * MATCH_MINUTES[event.sport as SportKey]),
            ),
            score: event.live.score,
          }
        : null,
    marketCount: markets.length,
    markets: markets.map((m) => ({
      id: m.id,
      kind: m.kind as SportsEvent['markets'][number]['kind'],
      period: m.period as SportsEvent['markets'][number]['period'],
      // The line as players read it: over 2.5, the home side −0.75.
      line: m.kind === 'total' || m.kind === 'handicap' ? m.lineQuarters / 4 : null,
      state: shownState(event, m),
      outcomes: m.outcomes.map((key, i) => ({
        key: key as SportsEvent['markets'][number]['outcomes'][number]['key'],
        odds: shownState(event, m) === 'open' ? (m.odds?.[i] ?? null) : null,
      })),
    })),
  };
}

async function withMarkets(events: EventRow[]): Promise<SportsEvent[]> {
  if (!events.length) return [];
  const db = await getDb();
  const markets = await db
    .select()
    .from(sportsMarkets)
    .where(
      inArray(
        sportsMarkets.eventId,
        events.map((e) => e.id),
      ),
    )
    .orderBy(asc(sportsMarkets.kind), asc(sportsMarkets.lineQuarters));
  return events.map((event) =>
    toEvent(
      event,
      markets.filter((m) => m.eventId === event.id),
    ),
  );
}

/** A list's copy of an event: its result market only (the event's page has them all). */
const listed = (event: SportsEvent): SportsEvent => ({
  ...event,
  markets: event.markets.filter((m) => m.kind === '1x2' || m.kind === 'moneyline'),
});

/** A sport's section: its matches still to start, soonest first, with our prices. */
export async function sectionEvents(sport: SportKey, limit = SECTION_MAX): Promise<SportsEvent[]> {
  const db = await getDb();
  const events = await db
    .select()
    .from(sportsEvents)
    .where(
      and(
        eq(sportsEvents.sport, sport),
        eq(sportsEvents.state, 'scheduled'),
        gt(sportsEvents.startsAt, sql`now()`),
      ),
    )
    .orderBy(asc(sportsEvents.startsAt), asc(sportsEvents.id))
    .limit(limit);
  return (await withMarkets(events)).map(listed);
}

/** Matches under way in every sport, by sport and start. */
export async function liveEvents(): Promise<SportsEvent[]> {
  const db = await getDb();
  const events = await db
    .select()
    .from(sportsEvents)
    .where(eq(sportsEvents.state, 'live'))
    .orderBy(asc(sportsEvents.sport), asc(sportsEvents.startsAt), asc(sportsEvents.id))
    .limit(SECTION_MAX);
  return (await withMarkets(events)).map(listed);
}

/** One event with its markets. */
export async function eventById(id: number): Promise<SportsEvent> {
  const db = await getDb();
  const [event] = await db.select().from(sportsEvents).where(eq(sportsEvents.id, id));
  if (!event) throw new ApiError('NOT_FOUND');
  const [found] = await withMarkets([event]);
  return found!;
}
