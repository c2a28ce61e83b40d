import 'server-only';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { SportKey, SportsEvent } from '@/lib/schemas/sportsbook';
import { SECTION_MAX } from '@/lib/sportsbook/sections';
import { getDb } from '@/lib/server/db';
import { sportsEvents, sportsMarkets, type SportsMarketRow } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';

type EventRow = typeof sportsEvents.$inferSelect;

function toEvent(event: EventRow, markets: SportsMarketRow[]): SportsEvent {
  return {
    id: event.id,
    sport: event.sport as SportKey,
    competition: event.competition,
    home: event.home,
    away: event.away,
    startsAt: event.startsAt.toISOString(),
    state: event.state,
    marketCount: markets.length,
    markets: markets.map((m) => ({
      id: m.id,
      kind: m.kind as SportsEvent['markets'][number]['kind'],
      period: m.period as SportsEvent['markets'][number]['period'],
      // The line as players read it: over 2.5, the home side −0.75.
      line: m.kind === 'total' || m.kind === 'handicap' ? m.lineQuarters / 4 : null,
      state: m.state,
      outcomes: m.outcomes.map((key, i) => ({
        key: key as SportsEvent['markets'][number]['outcomes'][number]['key'],
        odds: m.state === 'open' ? (m.odds?.[i] ?? null) : null,
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
