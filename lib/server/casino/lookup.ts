import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { hashToken } from '@/lib/server/auth/session';
import { config } from '@/lib/config';
import { getDb } from '@/lib/server/db';
import type { casinoSessions, casinoTransactions, users } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/wallet/ledger';
import { liveSession } from './sessions';

/*
 * What a wallet call must know before it takes the player's lock — the player, the session it
 * names, what is recorded under its transaction id and under the id it refers to, and the game's
 * RTP — read in one statement: on this path every round trip is paid by every bet. Under load,
 * the lookups of calls that wait together are read in one statement too.
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

type Json<T> = { [K in keyof T]: T[K] extends Date | null ? string | null : T[K] };
type RecordedJson = Json<Omit<Recorded, 'amount'>> & { amount: string };

const recorded = (row: RecordedJson): Recorded => ({
  ...row,
  amount: BigInt(row.amount),
  rolledBackAt: row.rolledBackAt === null ? null : new Date(row.rolledBackAt),
});

type ContextRow = {
  n: number;
  player: Json<CallPlayer> | null;
  session: CallSession | null;
  earlier: RecordedJson | null;
  referenced: RecordedJson | null;
  rtp: string | null;
  balances: Record<string, string> | null;
};

function contextOf(row: ContextRow): CallContext {
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

/**
 * What several calls need, in one statement of one text whatever their number (so it is
 * prepared once): each call's keys a row of a JSON parameter, each answer read beside its row.
 * An unknown key (null) finds nothing.
 */
async function readContexts(keys: CallKeys[], tx?: Tx): Promise<CallContext[]> {
  const db = tx ?? (await getDb());
  const rows = keys.map((k, n) => ({
    n,
    provider: k.provider,
    user_id: k.userId,
    token_hash: k.token === null ? null : hashToken(k.token),
    uuid: k.uuid,
    reference: k.reference,
    game_code: k.gameCode,
  }));
  const recordedUnder = (uuid: SQL) => sql`(SELECT ${recordedJson} FROM casino_transactions
    WHERE provider = k.provider AND uuid = ${uuid})`;
  const { rows: found } = (await db.execute(sql`
    SELECT k.n,
      (SELECT json_build_object('id', id, 'createdAt', created_at, 'status', status,
        'restriction', restriction, 'restrictedUntil', restricted_until,
        'currency', navbar_currency)
        FROM users WHERE id = k.user_id) AS player,
      (SELECT json_build_object('id', id, 'userId', user_id, 'gameCode', game_code,
        'currency', currency, 'live', ${liveSession})
        FROM casino_sessions WHERE token_hash = k.token_hash) AS session,
      ${recordedUnder(sql`k.uuid`)} AS earlier,
      ${recordedUnder(sql`k.reference`)} AS referenced,
      -- The aggregator's stated RTP where its list gave one (a round's edge), else the catalog's.
      (SELECT coalesce(aggregator_rtp, rtp) FROM games WHERE game_id = k.game_code) AS rtp,
      (SELECT json_object_agg(currency, balance::text) FROM ledger_accounts
        WHERE user_id = k.user_id AND kind = 'available') AS balances
    FROM json_to_recordset(${JSON.stringify(rows)}::json) AS k(n int, provider text, user_id uuid,
      token_hash text, uuid text, reference text, game_code text)`)) as { rows: ContextRow[] };
  const byIndex = new Map(found.map((row) => [Number(row.n), row]));
  return keys.map((_, n) => contextOf(byIndex.get(n)!));
}

type Waiting = {
  keys: CallKeys;
  resolve: (context: CallContext) => void;
  reject: (error: unknown) => void;
};
const waiting: Waiting[] = [];
let reading = 0;
/** As many as a JSON parameter comfortably holds; more wait for the next read. */
const MOST_AT_ONCE = 128;

/**
 * Reads a batch and answers each of its calls. One call's keys PostgreSQL cannot take (a NUL in a
 * text) must not fail the others': a read that fails is read again call by call, and only the
 * reads that fail alone fail.
 */
async function readTogether(batch: Waiting[]): Promise<void> {
  try {
    const contexts = await readContexts(batch.map((w) => w.keys));
    batch.forEach((w, i) => w.resolve(contexts[i]!));
  } catch (error) {
    if (batch.length === 1) return batch[0]!.reject(error);
    await Promise.all(
      batch.map((w) => readContexts([w.keys]).then(([context]) => w.resolve(context!), w.reject)),
    );
  }
}

/** Starts reads of what is waiting while fewer than CASINO_BATCHES are in flight. */
function drain(): void {
  while (reading < config.CASINO_BATCHES && waiting.length) {
    const batch = waiting.splice(0, MOST_AT_ONCE);
    reading += 1;
    void readTogether(batch).finally(() => {
      reading -= 1;
      drain();
    });
  }
}

/**
 * Reads what a call needs in one statement — in `tx` when given (a retry under the lock), else
 * with the other calls' lookups waiting beside it when CASINO_BATCHES reads are in flight.
 */
export async function callContext(keys: CallKeys, tx?: Tx): Promise<CallContext> {
  if (tx) return (await readContexts([keys], tx))[0]!;
  return new Promise((resolve, reject) => {
    waiting.push({ keys, resolve, reject });
    drain();
  });
}
