import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { hashToken } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db';
import type { casinoSessions, casinoTransactions, users } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/wallet/ledger';
import { liveSession } from './sessions';

/*
 * What a wallet call must know before it takes the player's lock — the player, the session it
 * names, what is recorded under its transaction id and under the id it refers to, and the game's
 * RTP — read in one statement: on this path every round trip is paid by every bet.
 */

type PlayerRow = typeof users.$inferSelect;
type SessionRow = typeof casinoSessions.$inferSelect;
type TxRow = typeof casinoTransactions.$inferSelect;

export type CallPlayer = Pick<PlayerRow, 'id' | 'createdAt' | 'status' | 'restriction'> & {
  restrictedUntil: Date | null;
  /** The currency the player has selected (a call naming none is in it). */
  currency: string;
};
export type CallSession = Pick<SessionRow, 'id' | 'userId' | 'gameCode' | 'currency'> & {
  /** Whether it takes bets now (by the database's clock). */
  live: boolean;
};
/** A call recorded under an aggregator's transaction id. */
export type Recorded = Pick<
  TxRow,
  | 'id'
  | 'uuid'
  | 'kind'
  | 'userId'
  | 'roundId'
  | 'currency'
  | 'amount'
  | 'requestHash'
  | 'answer'
  | 'tombstone'
  | 'refused'
  | 'rolledBackAt'
>;

export type CallContext = {
  player: CallPlayer | null;
  session: CallSession | null;
  /** What is recorded under the call's own transaction id. */
  earlier: Recorded | null;
  /** What is recorded under the transaction id it refers to (a win's or rollback's bet). */
  referenced: Recorded | null;
  /** The game's RTP as the catalog states it; null when the catalog has no such game. */
  rtp: string | null;
  /** The player's playable balances when the call began, by ledger currency (minor units). */
  balances: Record<string, bigint>;
};

export type CallKeys = {
  provider: string;
  /** The player's id, already checked to be a UUID (null otherwise). */
  userId: string | null;
  token: string | null;
  uuid: string | null;
  reference: string | null;
  gameCode: string | null;
};

const recordedJson = sql`json_build_object('id', id, 'uuid', uuid, 'kind', kind,
  'userId', user_id, 'roundId', round_id, 'currency', currency, 'amount', amount::text,
  'requestHash', request_hash, 'answer', answer, 'tombstone', tombstone, 'refused', refused,
  'rolledBackAt', rolled_back_at)`;

const recordedUnder = (provider: string, uuid: string | null): SQL =>
  uuid === null
    ? sql`NULL::json`
    : sql`(SELECT ${recordedJson} FROM casino_transactions
        WHERE provider = ${provider} AND uuid = ${uuid})`;

type Json<T> = { [K in keyof T]: T[K] extends Date | null ? string | null : T[K] };
type RecordedJson = Json<Omit<Recorded, 'amount'>> & { amount: string };

const recorded = (row: RecordedJson): Recorded => ({
  ...row,
  amount: BigInt(row.amount),
  rolledBackAt: row.rolledBackAt === null ? null : new Date(row.rolledBackAt),
});

/** Reads what a call needs in one statement (in `tx` when given: a retry under the lock). */
export async function callContext(keys: CallKeys, tx?: Tx): Promise<CallContext> {
  const db = tx ?? (await getDb());
  const player =
    keys.userId === null
      ? sql`NULL::json`
      : sql`(SELECT json_build_object('id', id, 'createdAt', created_at, 'status', status,
          'restriction', restriction, 'restrictedUntil', restricted_until,
          'currency', navbar_currency)
          FROM users WHERE id = ${keys.userId}::uuid)`;
  const session =
    keys.token === null
      ? sql`NULL::json`
      : sql`(SELECT json_build_object('id', id, 'userId', user_id, 'gameCode', game_code,
          'currency', currency, 'live', ${liveSession})
          FROM casino_sessions WHERE token_hash = ${hashToken(keys.token)})`;
  // The aggregator's stated RTP where its list gave one (a round's edge), else the catalog's.
  const rtp =
    keys.gameCode === null
      ? sql`NULL::text`
      : sql`(SELECT coalesce(aggregator_rtp, rtp) FROM games WHERE game_id = ${keys.gameCode})`;
  const balances =
    keys.userId === null
      ? sql`NULL::json`
      : sql`(SELECT json_object_agg(currency, balance::text) FROM ledger_accounts
          WHERE user_id = ${keys.userId}::uuid AND kind = 'available')`;
  const { rows } = (await db.execute(sql`
    SELECT ${player} AS player, ${session} AS session,
      ${recordedUnder(keys.provider, keys.uuid)} AS earlier,
      ${recordedUnder(keys.provider, keys.reference)} AS referenced, ${rtp} AS rtp,
      ${balances} AS balances`)) as {
    rows: Array<{
      player: Json<CallPlayer> | null;
      session: CallSession | null;
      earlier: RecordedJson | null;
      referenced: RecordedJson | null;
      rtp: string | null;
      balances: Record<string, string> | null;
    }>;
  };
  const row = rows[0]!;
  return {
    player: row.player && {
      ...row.player,
      createdAt: new Date(row.player.createdAt!),
      restrictedUntil: row.player.restrictedUntil ? new Date(row.player.restrictedUntil) : null,
    },
    session: row.session,
    earlier: row.earlier && recorded(row.earlier),
    referenced: row.referenced && recorded(row.referenced),
    rtp: row.rtp,
    balances: Object.fromEntries(
      Object.entries(row.balances ?? {}).map(([currency, balance]) => [currency, BigInt(balance)]),
    ),
  };
}
