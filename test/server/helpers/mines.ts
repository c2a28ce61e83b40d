import { floats } from '@/lib/fairness/bytes';
import { minesLayout } from '@/lib/fairness/mines';
import { getDbHandle } from '@/lib/server/db';
import { openSeed } from '@/lib/server/originals/seeds';

/**
 * A game's board as only the server knows it while the game is open: drawn from its sealed seed,
 * so a test can step on a mine or avoid one on purpose.
 */
export async function boardOf(gameId: string) {
  const { sql } = await getDbHandle();
  const { rows } = await sql(
    `SELECT s.id, s.sealed, s.client_seed, g.nonce, g.mines
       FROM mines_games g JOIN fair_seeds s ON s.id = g.seed_id WHERE g.id = $1`,
    [gameId],
  );
  const row = rows[0] as
    | { id: string; sealed: string; client_seed: string | null; nonce: number; mines: number }
    | undefined;
  if (!row) throw new Error(`no mines game ${gameId}`);
  const serverSeed = await openSeed({ id: row.id, sealed: row.sealed });
  const mines = minesLayout(
    floats(serverSeed, row.client_seed ?? '', row.nonce, row.mines),
    row.mines,
  );
  const safe = Array.from({ length: 25 }, (_, t) => t).filter((t) => !mines.includes(t));
  return { mines, safe };
}
