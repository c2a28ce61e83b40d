import 'server-only';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import type { SportKey } from '@/lib/schemas/sportsbook';
import { getDb, getDbHandle } from '@/lib/server/db';
import { sportsEvents, sportsMarkets, type LiveState } from '@/lib/server/db/schema';
import { emitToRoom } from '@/lib/server/realtime';
import { SPORTS_EVENT, SPORTS_ROOM } from '@/lib/sportsbook/live';
import { demoSchedule, demoSports, seeded, sourcePrices, type DemoSport } from './demo-feed';
import { loadBook } from './book';
import { eventById } from './events';
import { liveFair, type MatchModel } from './live-models';
import { priceMarket } from './pricing';
import { closeEvent } from './settlement';

/*
 * The demo feed in play: matches kick off at their time, their clocks run (a match lasts
 * SPORTS_DEMO_MATCH_MINUTES), goals, points and sets come from each match's own model, and every
 * tick the two invented books price the markets again from the score and the time left — our
 * prices made from theirs, as before the start. A goal or a set suspends the match's markets for
 * a few seconds; a market not priced for LIVE_STALE_MS takes no bets (the feed has stalled). At
 * the end the result settles the match. So that a demo always has something in play, a sport
 * with no match under way gets an extra one that starts at once.
 */

/** How long markets stay suspended after a goal or a set. */
const SUSPENSION_MS = 8_000;

type EventRow = typeof sportsEvents.$inferSelect;

let random = Math.random;
/** The demo's extra matches are numbered from here (the schedule's stay far below). */
const EXTRA_IDS = 90_000_000;

/** A Poisson draw (Knuth's method: the means here are small). */
function poissonDraw(mean: number): number {
  const limit = Math.exp(-mean);
  let k = 0;
  let p = random();
  while (p > limit) {
    k += 1;
    p *= random();
  }
  return k;
}

/** A normal draw (Box–Muller). */
const normalDraw = (mean: number, sd: number) =>
  mean + sd * Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/** What the score gains between two moments of the match (shares of it played). */
function scored(model: MatchModel, from: number, to: number, score: [number, number]) {
  const dt = Math.max(0, to - from);
  if (model.kind === 'goals') {
    return [poissonDraw(model.home * dt), poissonDraw(model.away * dt)] as const;
  }
  if (model.kind === 'points') {
    const side = (mean: number) =>
      Math.max(0, Math.round(normalDraw(mean * dt, Math.sqrt(mean * dt))));
    return [side(model.home), side(model.away)] as const;
  }
  // Tennis: a set ends at each third of the match until someone has two.
  const sets = [1 / 3, 2 / 3, 1].filter((at) => from < at && to >= at).length;
  let [h, a] = [0, 0];
  for (let i = 0; i < sets && score[0] + h < 2 && score[1] + a < 2; i += 1) {
    if (random() < model.set) h += 1;
    else a += 1;
  }
  return [h, a] as const;
}

const matchMs = () => config.SPORTS_DEMO_MATCH_MINUTES * 60_000;

/** Our live prices for every market of an event, from the score and the time left. */
async function priceInPlay(event: EventRow, live: LiveState, reopen: boolean) {
  const db = await getDb();
  const model = event.model as MatchModel | null;
  if (!model) return;
  const markets = await db
    .select()
    .from(sportsMarkets)
    .where(
      and(eq(sportsMarkets.eventId, event.id), inArray(sportsMarkets.state, ['open', 'suspended'])),
    );
  const pricing = (await loadBook())[event.sport as SportKey].live;
  const priced = markets.map((m) => {
    const fair = liveFair(model, 1 - live.played, live.score, m);
    const sources = [0.045, 0.06].map((margin) => sourcePrices(fair, margin, 0.03, random));
    return { id: m.id, ...priceMarket(sources, pricing), sources };
  });
  if (!priced.length) return;
  await db.execute(sql`
    UPDATE sports_markets m SET
      fair = ARRAY(SELECT (jsonb_array_elements_text(p.fair))::double precision),
      odds = CASE WHEN jsonb_typeof(p.odds) = 'array'
        THEN ARRAY(SELECT (jsonb_array_elements_text(p.odds))::integer) END,
      sources = p.sources, priced_at = now(),
      state = CASE WHEN NOT ${reopen} THEN 'suspended'
        WHEN jsonb_typeof(p.odds) = 'array' THEN 'open' ELSE 'suspended' END
    FROM jsonb_to_recordset(${JSON.stringify(priced)}::jsonb)
      AS p(id uuid, fair jsonb, odds jsonb, sources jsonb)
    WHERE m.id = p.id AND m.state IN ('open', 'suspended')`);
}

/** A tied match of a sport that plays overtime goes on until someone leads. */
function overtime(model: MatchModel, score: [number, number]): [number, number] {
  if (model.kind !== 'points' || score[0] !== score[1]) return score;
  let [h, a] = score;
  while (h === a) {
    const [dh, da] = scored(model, 0, 0.1, [h, a]);
    [h, a] = [h + dh, a + da];
  }
  return [h, a];
}

/** One step of a match in play: its clock, its score, its prices; the result at the end. */
async function step(event: EventRow, now: number): Promise<void> {
  const db = await getDb();
  const model = event.model as MatchModel | null;
  if (!model) return;
  const before: LiveState = event.live ?? { played: 0, score: [0, 0] };
  const played = Math.min(1, (now - event.startsAt.getTime()) / matchMs());
  const [dh, da] = scored(model, before.played, played, before.score);
  const score: [number, number] = [before.score[0] + dh, before.score[1] + da];
  // Goals and sets stop the prices for a moment; points (basketball's every basket) do not.
  const stops = model.kind !== 'points' && dh + da > 0;
  const until = stops
    ? new Date(now + SUSPENSION_MS).toISOString()
    : before.suspendedUntil && Date.parse(before.suspendedUntil) > now
      ? before.suspendedUntil
      : undefined;
  const live: LiveState = { played, score, ...(until ? { suspendedUntil: until } : {}) };
  const decided = model.kind === 'sets' && (score[0] >= 2 || score[1] >= 2);
  if (played >= 1 || decided) {
    const full = overtime(model, score);
    await db.update(sportsEvents).set({ live }).where(eq(sportsEvents.id, event.id));
    await closeEvent(event.id, { regulation: score, full }, null);
  } else {
    await db
      .update(sportsEvents)
      .set({ live, updatedAt: sql`now()` })
      .where(and(eq(sportsEvents.id, event.id), eq(sportsEvents.state, 'live')));
    await priceInPlay(event, live, !until);
  }
  await announce(event.id);
}

async function announce(id: number) {
  const event = await eventById(id).catch(() => null);
  if (event) emitToRoom(SPORTS_ROOM, SPORTS_EVENT, event);
}

/** A match that starts now in a sport with none in play (the demo's own, off the schedule). */
async function kickOffExtra(sport: DemoSport, now: Date) {
  const [match] = demoSchedule(Math.floor(random() * 2 ** 31), now, 1).filter(
    (e) => e.sport === sport,
  );
  if (!match) return;
  // Its id follows the extras of earlier runs (the demo's database outlives a restart).
  const db = await getDb();
  const [last] = await db
    .select({ id: sql<string>`coalesce(max(${sportsEvents.id}), ${EXTRA_IDS})` })
    .from(sportsEvents)
    .where(gte(sportsEvents.id, EXTRA_IDS));
  const { storeEvents } = await import('./feed');
  // Started already: no list of matches to come shows it; the next pass kicks it off.
  await storeEvents([{ ...match, id: Number(last!.id) + 1, startsAt: now }], 'demo');
}

/** One pass: kick-offs, extra matches where a sport has none in play, every live match a step. */
export async function tickLive(now = new Date()): Promise<void> {
  const db = await getDb();
  const started = await db
    .update(sportsEvents)
    .set({ state: 'live', live: { played: 0, score: [0, 0] }, updatedAt: sql`now()` })
    .where(and(eq(sportsEvents.state, 'scheduled'), lte(sportsEvents.startsAt, now)))
    .returning();
  const live = await db
    .select()
    .from(sportsEvents)
    .where(eq(sportsEvents.state, 'live'))
    .orderBy(asc(sportsEvents.startsAt));
  for (const event of live) {
    try {
      await step(event, now.getTime());
    } catch (err) {
      logger.warn({ err, event: event.id }, 'a demo match could not move on');
    }
  }
  const playing = new Set(live.map((e) => e.sport));
  for (const sport of demoSports) {
    if (!playing.has(sport)) await kickOffExtra(sport, now);
  }
  if (started.length) logger.info({ started: started.length }, 'demo matches kicked off');
}

let timer: NodeJS.Timeout | null = null;

/**
 * Runs the demo feed's matches in play, one pass every SPORTS_DEMO_TICK_MS. The loop stops before
 * the database closes, waiting for the pass in flight: a pass cut off by the close would hold
 * the embedded database past the shutdown's grace.
 */
export async function startLiveDemo(seed: number): Promise<void> {
  if (timer) return;
  random = seeded(seed ^ 0x5bd1e995);
  let pass: Promise<void> | null = null;
  timer = setInterval(() => {
    if (pass) return;
    pass = tickLive()
      .catch((err: unknown) => logger.warn({ err }, 'the demo feed’s live pass failed'))
      .finally(() => {
        pass = null;
      });
  }, config.SPORTS_DEMO_TICK_MS);
  timer.unref();
  (await getDbHandle()).beforeClose.push(async () => {
    if (timer) clearInterval(timer);
    timer = null;
    await pass;
  });
}

/** For tests: the pass's draws from a fixed seed. */
export function seedLiveDemo(seed: number): void {
  random = seeded(seed);
}
