import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { FinalScore } from '@/lib/sportsbook/settle';
import type { SportKey, eventResultSchema, eventSuspendSchema } from '@/lib/schemas/sportsbook';
import type { z } from 'zod';
import { getDb } from '@/lib/server/db';
import { sportsEvents, sportsMarkets } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { audit } from '@/lib/server/operator/audit';
import { emitToRoom } from '@/lib/server/realtime';
import { SPORTS_EVENT, SPORTS_ROOM } from '@/lib/sportsbook/live';
import { eventById } from './events';
import type { OperatorActor } from '@/lib/server/operator/auth';
import { closeEvent } from './settlement';

/*
 * The settlement room's calls: the open events with bets, by what the book stands to lose; a
 * result entered by hand; an event voided with a reason (both audited); the closed events a
 * resettlement may correct (resettle.ts).
 */

type RoomRow = {
  id: string;
  sport: SportKey;
  competition: string;
  home: string;
  away: string;
  starts_at: string;
  state: 'scheduled' | 'live';
  open_bets: number;
  liability: string | null;
  held: boolean;
  held_markets: string[];
};

/** What the room shows of any event: which match, and when it starts. */
const matchOf = (
  r: Pick<RoomRow, 'id' | 'sport' | 'competition' | 'home' | 'away' | 'starts_at'>,
) => ({
  id: Number(r.id),
  sport: r.sport,
  competition: r.competition,
  home: r.home,
  away: r.away,
  startsAt: new Date(r.starts_at).toISOString(),
});

/** Open events with open bets, the largest selection liability first. */
export async function roomEvents(offset = 0, limit = 50) {
  const db = await getDb();
  const { rows } = (await db.execute(sql`
    SELECT e.id, e.sport, e.competition, e.home, e.away, e.starts_at, e.state,
      count(DISTINCT b.id)::int AS open_bets, e.held,
      ARRAY(SELECT m.id::text FROM sports_markets m WHERE m.event_id = e.id AND m.held
        ORDER BY m.id) AS held_markets,
      (SELECT max(l.amount) FROM sports_liabilities l
        WHERE l.key IN (SELECT 's:' || m.id || ':' || o FROM sports_markets m, unnest(m.outcomes) o
          WHERE m.event_id = e.id)) AS liability
    FROM sports_events e
    JOIN sports_bet_legs g ON g.event_id = e.id
    JOIN sports_bets b ON b.id = g.bet_id AND b.state = 'open'
    WHERE e.state IN ('scheduled', 'live')
    GROUP BY e.id
    ORDER BY liability DESC NULLS LAST, e.starts_at, e.id
    OFFSET ${offset} LIMIT ${limit}`)) as { rows: RoomRow[] };
  return rows.map((r) => ({
    ...matchOf(r),
    state: r.state,
    openBets: Number(r.open_bets),
    liabilityUsd: Number(r.liability ?? 0) / 1e6,
    held: r.held,
    heldMarkets: r.held_markets,
  }));
}

type ClosedRow = Omit<RoomRow, 'state' | 'open_bets' | 'liability' | 'held' | 'held_markets'> & {
  state: 'ended' | 'abandoned';
  ended_at: string | null;
  result: FinalScore | null;
  bets: number;
};

/** How far back the room lists closed events to correct. */
const CLOSED_DAYS = 14;

/** Events closed in the last two weeks with bets on them, the latest closed first. */
export async function closedRoomEvents(offset = 0, limit = 50) {
  const db = await getDb();
  const { rows } = (await db.execute(sql`
    SELECT e.id, e.sport, e.competition, e.home, e.away, e.starts_at, e.state, e.ended_at,
      e.result, count(DISTINCT g.bet_id)::int AS bets
    FROM sports_events e
    JOIN sports_bet_legs g ON g.event_id = e.id
    WHERE e.state IN ('ended', 'abandoned')
      AND coalesce(e.ended_at, e.starts_at) > now() - make_interval(days => ${CLOSED_DAYS})
    GROUP BY e.id
    ORDER BY e.ended_at DESC NULLS LAST, e.id DESC
    OFFSET ${offset} LIMIT ${limit}`)) as { rows: ClosedRow[] };
  return rows.map((r) => ({
    ...matchOf(r),
    state: r.state,
    endedAt: r.ended_at ? new Date(r.ended_at).toISOString() : null,
    result: r.result,
    bets: Number(r.bets),
  }));
}

/** A final score entered by staff: the regulation one stands for the whole match without overtime. */
export async function enterResult(
  actor: OperatorActor,
  eventId: number,
  body: z.infer<typeof eventResultSchema>,
) {
  const full = body.full ?? body.regulation;
  const score: FinalScore = {
    regulation: [body.regulation.home, body.regulation.away],
    full: [full.home, full.away],
  };
  await closeEvent(eventId, score, actor);
  return { id: eventId, state: 'ended' as const };
}

export async function voidEvent(actor: OperatorActor, eventId: number, reason: string) {
  await closeEvent(eventId, null, actor, reason);
  return { id: eventId, state: 'abandoned' as const };
}

/**
 * Suspends or reopens an open event (every market) or one of its markets, apart from what the
 * feed does with them: a bet or a cash-out on it is refused until reopened. Audited; the pages
 * in the sports room hear the change.
 */
export async function suspendEvent(
  actor: OperatorActor,
  eventId: number,
  { suspended, marketId }: z.infer<typeof eventSuspendSchema>,
) {
  const db = await getDb();
  const answer = await db.transaction(async (tx) => {
    const [event] = await tx
      .select({ state: sportsEvents.state, held: sportsEvents.held })
      .from(sportsEvents)
      .where(eq(sportsEvents.id, eventId))
      .for('update');
    if (!event) throw new ApiError('NOT_FOUND');
    if (event.state !== 'scheduled' && event.state !== 'live') {
      throw new ApiError('SPORTS_EVENT_CLOSED');
    }
    if (marketId) {
      const [market] = await tx
        .update(sportsMarkets)
        .set({ held: suspended })
        .where(and(eq(sportsMarkets.id, marketId), eq(sportsMarkets.eventId, eventId)))
        .returning({ id: sportsMarkets.id });
      if (!market) throw new ApiError('NOT_FOUND', 'market');
    } else {
      await tx
        .update(sportsEvents)
        .set({ held: suspended, updatedAt: sql`now()` })
        .where(eq(sportsEvents.id, eventId));
    }
    await audit(tx, actor, {
      action: `sportsbook.${marketId ? 'market' : 'event'}.${suspended ? 'suspend' : 'reopen'}`,
      target: marketId ? `sports-market:${marketId}` : `sports-event:${eventId}`,
      ...(marketId ? {} : { before: { held: event.held } }),
      after: { held: suspended, ...(marketId ? { eventId } : {}) },
    });
    const held = await tx
      .select({ id: sportsMarkets.id })
      .from(sportsMarkets)
      .where(and(eq(sportsMarkets.eventId, eventId), eq(sportsMarkets.held, true)))
      .orderBy(sportsMarkets.id);
    return {
      id: eventId,
      held: marketId ? event.held : suspended,
      heldMarkets: held.map((m) => m.id),
    };
  });
  const shown = await eventById(eventId).catch(() => null);
  if (shown) emitToRoom(SPORTS_ROOM, SPORTS_EVENT, shown);
  return answer;
}
