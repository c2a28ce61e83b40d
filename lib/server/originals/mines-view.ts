import 'server-only';
import { and, eq } from 'drizzle-orm';
import { decimalText } from '@/lib/fairness/outcome';
import { minesMultiplier, safeTiles } from '@/lib/fairness/mines';
import { payoutOf } from '@/lib/fairness/rational';
import type { MinesGame } from '@/lib/schemas/originals';
import { getDb } from '@/lib/server/db';
import { fairSeeds, minesGames, originalBets } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { cachedPrecision, formatMinor } from '@/lib/server/wallet/amounts';

export type MinesRow = typeof minesGames.$inferSelect;
type Seed = { serverSeedHash: string; clientSeed: string | null };
/** A closed game's board, as its bet row keeps it. */
export type Board = { mines: number[]; bust: number | null };

/**
 * A game as its player sees it: while it is open, what a cash-out pays now and after one more
 * safe tile, and never the board; once closed, the board and what was paid.
 */
export function minesView(row: MinesRow, seed: Seed, board: Board | null, decimals: number) {
  const k = row.picks.length;
  const open = row.state === 'open';
  const now = row.state === 'busted' || k === 0 ? null : minesMultiplier(row.mines, k, row.edgeBps);
  const next =
    open && k < safeTiles(row.mines) ? minesMultiplier(row.mines, k + 1, row.edgeBps) : null;
  const payout = open ? (now ? payoutOf(row.stake, now) : BigInt(0)) : (row.payout ?? BigInt(0));
  const view: MinesGame = {
    id: row.id,
    state: row.state,
    currency: row.currency,
    amount: formatMinor(row.stake, decimals),
    mines: row.mines,
    picks: row.picks,
    multiplier: now ? decimalText(now) : '0',
    nextMultiplier: next ? decimalText(next) : null,
    payout: formatMinor(payout, decimals),
    layout: open ? null : (board?.mines ?? null),
    bust: open ? null : (board?.bust ?? null),
    serverSeedHash: seed.serverSeedHash,
    clientSeed: seed.clientSeed ?? '',
    nonce: row.nonce,
    edgeBps: row.edgeBps,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
  return view;
}

/** A game of the player's with its seed and, once closed, its board; another's is not found. */
export async function readGame(userId: string, id: string) {
  const db = await getDb();
  const [found] = await db
    .select({
      game: minesGames,
      seed: { serverSeedHash: fairSeeds.serverSeedHash, clientSeed: fairSeeds.clientSeed },
      result: originalBets.result,
    })
    .from(minesGames)
    .innerJoin(fairSeeds, eq(fairSeeds.id, minesGames.seedId))
    .leftJoin(originalBets, eq(originalBets.id, minesGames.id))
    .where(and(eq(minesGames.id, id), eq(minesGames.userId, userId)))
    .limit(1);
  if (!found) throw new ApiError('NOT_FOUND', 'game');
  const result = found.result as { mines?: number[]; bust?: number | null } | null;
  const board = result?.mines ? { mines: result.mines, bust: result.bust ?? null } : null;
  return { row: found.game, seed: found.seed, board };
}

/** The player's open game, as shown on return (a reload, another device, after a restart). */
export async function openGameOf(userId: string): Promise<MinesGame | null> {
  const db = await getDb();
  const [open] = await db
    .select({ id: minesGames.id })
    .from(minesGames)
    .where(and(eq(minesGames.userId, userId), eq(minesGames.state, 'open')))
    .limit(1);
  if (!open) return null;
  const { row, seed, board } = await readGame(userId, open.id);
  return minesView(row, seed, board, await decimalsOf(row.currency));
}

/** A game's currency's ledger decimals (it was listed to be played; 8 only keeps the type whole). */
export async function decimalsOf(currency: string): Promise<number> {
  return (await cachedPrecision()).get(currency) ?? 8;
}
