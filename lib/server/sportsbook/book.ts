import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  bookPhases,
  bookSettingsSchema,
  sportKeys,
  type BookPhase,
  type BookSettings,
  type BookSettingsRow,
  type SportKey,
} from '@/lib/schemas/sportsbook';
import { getDb } from '@/lib/server/db';
import { sportsEvents, sportsMarkets, sportsSettings, staff } from '@/lib/server/db/schema';
import { audit } from '@/lib/server/operator/audit';
import type { OperatorActor } from '@/lib/server/operator/auth';
import { priceMarket } from './pricing';
import { DEFAULT_BOOK, MIN_MARGIN, type PhaseSettings } from './settings';

/*
 * The book's margins and limits as risk staff set them (audited), over the defaults. Read on every
 * quote and every repricing, so kept in memory: a change made here applies at once, and one made
 * on another server within BOOK_CACHE_MS.
 */

export type Book = Record<SportKey, Record<BookPhase, PhaseSettings>>;

const BOOK_CACHE_MS = 10_000;
let cached: { at: number; book: Promise<Book> } | null = null;

const toPhase = (s: BookSettings): PhaseSettings => ({ ...s, minMargin: MIN_MARGIN });
/** A phase's settings as staff set them (the no-sure-bet margin is the book's, not theirs). */
export const settingsOf = (p: PhaseSettings): BookSettings => ({
  margin: p.margin,
  minStakeUsd: p.minStakeUsd,
  maxStakeUsd: p.maxStakeUsd,
  maxPayoutUsd: p.maxPayoutUsd,
  selectionLiabilityUsd: p.selectionLiabilityUsd,
  playerEventLiabilityUsd: p.playerEventLiabilityUsd,
});

async function readBook(): Promise<Book> {
  const db = await getDb();
  const rows = await db.select().from(sportsSettings);
  const book = structuredClone(DEFAULT_BOOK);
  for (const row of rows) {
    const sport = sportKeys.find((k) => k === row.sport);
    const parsed = bookSettingsSchema.safeParse(row.settings);
    // A row no longer valid (a sport or a rule since removed) leaves the default in place.
    if (sport && parsed.success) book[sport][row.phase] = toPhase(parsed.data);
  }
  return book;
}

/** The book as it stands (defaults with staff's settings over them). */
export function loadBook(): Promise<Book> {
  const now = Date.now();
  if (!cached || now - cached.at > BOOK_CACHE_MS) {
    const book = readBook();
    cached = { at: now, book };
    // A failed read is not kept: the next call tries again.
    book.catch(() => {
      if (cached?.book === book) cached = null;
    });
  }
  return cached.book;
}

/** Every sport and phase with its settings, and who set them last (null: the defaults). */
export async function bookRows(): Promise<BookSettingsRow[]> {
  const db = await getDb();
  const [book, rows] = await Promise.all([
    readBook(),
    db
      .select({
        sport: sportsSettings.sport,
        phase: sportsSettings.phase,
        updatedBy: sportsSettings.updatedBy,
        updatedAt: sportsSettings.updatedAt,
        name: staff.name,
      })
      .from(sportsSettings)
      .leftJoin(staff, sql`${sportsSettings.updatedBy} = 'staff:' || ${staff.id}::text`),
  ]);
  const set = new Map(rows.map((r) => [`${r.sport}:${r.phase}`, r]));
  return sportKeys.flatMap((sport) =>
    bookPhases.map((phase) => {
      const row = set.get(`${sport}:${phase}`);
      return {
        sport,
        phase,
        settings: settingsOf(book[sport][phase]),
        updatedBy: row?.updatedBy ?? null,
        updatedByName: row?.name ?? null,
        updatedAt: row?.updatedAt.toISOString() ?? null,
      };
    }),
  );
}

/**
 * Risk staff change a sport's margin and limits for one phase: stored and audited (before and
 * after) in one transaction. A pre-match margin reprices that sport's open markets at once; a
 * live one applies at the live loop's next pass; limits apply to the next bet.
 */
export async function updateBook(
  actor: OperatorActor,
  sport: SportKey,
  phase: BookPhase,
  settings: BookSettings,
): Promise<BookSettingsRow> {
  const db = await getDb();
  const before = settingsOf((await readBook())[sport][phase]);
  await db.transaction(async (tx) => {
    await tx
      .insert(sportsSettings)
      .values({ sport, phase, settings, updatedBy: actor.id })
      .onConflictDoUpdate({
        target: [sportsSettings.sport, sportsSettings.phase],
        set: { settings, updatedBy: actor.id, updatedAt: sql`now()` },
      });
    await audit(tx, actor, {
      action: 'sportsbook.settings.update',
      target: `sports-settings:${sport}:${phase}`,
      before,
      after: settings,
    });
  });
  cached = null;
  if (phase === 'prematch' && before.margin !== settings.margin) {
    await repricePrematch(sport, toPhase(settings));
  }
  const row = (await bookRows()).find((r) => r.sport === sport && r.phase === phase);
  return row!;
}

/** The sport's markets still before their matches, priced again from their sources. */
async function repricePrematch(sport: SportKey, pricing: PhaseSettings): Promise<void> {
  const db = await getDb();
  const markets = await db
    .select({ id: sportsMarkets.id, sources: sportsMarkets.sources })
    .from(sportsMarkets)
    .innerJoin(sportsEvents, eq(sportsEvents.id, sportsMarkets.eventId))
    .where(
      and(
        eq(sportsEvents.sport, sport),
        eq(sportsEvents.state, 'scheduled'),
        inArray(sportsMarkets.state, ['open', 'closed']),
      ),
    );
  if (!markets.length) return;
  const priced = markets.map((m) => ({ id: m.id, ...priceMarket(m.sources, pricing) }));
  await db.execute(sql`
    UPDATE sports_markets m SET
      fair = ARRAY(SELECT (jsonb_array_elements_text(p.fair))::double precision),
      odds = CASE WHEN jsonb_typeof(p.odds) = 'array'
        THEN ARRAY(SELECT (jsonb_array_elements_text(p.odds))::integer) END,
      state = CASE WHEN jsonb_typeof(p.odds) = 'array' THEN 'open' ELSE 'closed' END,
      priced_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(priced)}::jsonb) AS p(id uuid, fair jsonb, odds jsonb)
    WHERE m.id = p.id AND m.state IN ('open', 'closed')`);
}
