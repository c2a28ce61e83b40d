import 'server-only';
import type { GameRecordPage, GameRecordQuery } from '@/lib/schemas/originals';
import { getDbHandle } from '@/lib/server/db';
import { decodeCursor, encodeCursor, exactTime } from '@/lib/server/http/cursor';
import { cachedPrecision, formatMinor } from './amounts';

type Row = {
  id: string;
  product: string;
  game: string;
  round_id: string;
  currency: string;
  stake: string;
  payout: string;
  state: 'open' | 'settled' | 'void';
  game_name: string | null;
  fairness: Record<string, unknown> | null;
  revealed: string | null;
  created_at: string;
  exact: string;
};

/**
 * The game record (spec: account page game-record): every round or bet of the player in every
 * product, newest first, from `game_rounds`. An original's row carries its seed pair and nonce,
 * and its server seed once the pair is retired, so the player can verify it there and then.
 */
export async function gameRecord(userId: string, query: GameRecordQuery): Promise<GameRecordPage> {
  const values: unknown[] = [userId];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const where = ['r.user_id = $1'];
  if (query.product) where.push(`r.product = ${param(query.product)}`);
  if (query.game) where.push(`r.game = ${param(query.game)}`);
  if (query.currency) where.push(`r.currency = ${param(query.currency)}`);
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    where.push(
      `(r.created_at, r.id) < (${param(cursor.time)}::timestamptz, ${param(cursor.id)}::uuid)`,
    );
  }
  const { sql } = await getDbHandle();
  // The seed is joined only for originals, by the id their fairness reference names.
  const { rows } = (await sql(
    `SELECT r.id, r.product, r.game, r.round_id, r.currency, r.stake::text AS stake,
       r.payout::text AS payout, r.state, r.fairness, s.revealed, r.created_at, g.name AS game_name,
       ${exactTime('r.created_at')} AS exact
     FROM game_rounds r
     LEFT JOIN fair_seeds s ON r.product = 'originals' AND s.state = 'retired'
       AND s.id::text = r.fairness->>'seedId' AND s.user_id = r.user_id
     LEFT JOIN games g ON r.product = 'casino' AND g.game_id = r.game
     WHERE ${where.join(' AND ')}
     ORDER BY r.created_at DESC, r.id DESC
     LIMIT ${param(query.limit + 1)}`,
    values,
  )) as { rows: Row[] };
  const precision = await cachedPrecision();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map((row) => {
      const decimals = precision.get(row.currency) ?? 8;
      return {
        id: row.id,
        product: row.product,
        game: row.game,
        gameName: row.game_name,
        roundId: row.round_id,
        currency: row.currency,
        amount: formatMinor(BigInt(row.stake), decimals),
        payout: formatMinor(BigInt(row.payout), decimals),
        state: row.state,
        fairness: row.fairness,
        serverSeed: row.revealed,
        createdAt: new Date(row.created_at).toISOString(),
      };
    }),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ time: last.exact, id: last.id }) : null,
  };
}
