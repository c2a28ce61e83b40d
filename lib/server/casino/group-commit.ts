import 'server-only';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import { withOneOffStatements } from '@/lib/server/db/statement-cache';
import {
  post,
  postMany,
  type PlayerBalance,
  type Posted,
  type Posting,
  type Tx,
} from '@/lib/server/wallet/ledger';
import { rowsOf, type CallRows } from './call-rows';
import { settleClosedMany, type ClosedRound } from './rounds';

/*
 * Group commit for the aggregator's money calls. Under load, bets and wins of different players
 * that wait together are posted in one `postMany` transaction: one claim, one entries statement
 * with every call's rows (set-based, `call-rows.ts`), one settlement of the rounds they close, one
 * commit — where each call alone pays all of these (bench/README.md, `bench:casino`). A batch holds one call a player at
 * most (two updates of one round in one statement would be undefined) and posts on one house
 * slot, the next batch on the next. A batch that fails for any reason — a refusal, a race under
 * an id, a lock given up — has undone everything, and each of its calls is then posted alone, on
 * the path that answers it. A call that finds a lane free goes alone at once: no call waits for a
 * batch to fill.
 */

/** One call's posting, as the wallet hands it over to be posted alone or with others. */
export type CallPosting = {
  posting: Posting & { userId: string };
  /** The call's own rows, written beside the entries, from its balances after. */
  rows: (balances: PlayerBalance[]) => CallRows;
  /** Asked once the rows are written: the round the call closed, to settle. */
  closing: () => ClosedRound | null;
  /** What else the call writes in its transaction (a late win's correction). */
  after?: (tx: Tx) => Promise<void>;
};

/** The call in a transaction of its own. */
export function postAlone(call: CallPosting): Promise<Posted> {
  return post(call.posting, {
    alongside: (balances) => rowsOf([call.rows(balances)]),
    inTransaction: async (tx) => {
      const round = call.closing();
      if (round) await settleClosedMany(tx, [round]);
      await call.after?.(tx);
    },
  });
}

/**
 * A batch waits this long for a row lock, once: a player whose row another transaction holds
 * (a withdrawal, a stuck call) would otherwise hold every call of the batch for as long as their
 * own call may wait (POST_LOCK_TIMEOUT_MS, four times). Past it the calls go alone, and only that
 * player's call waits.
 */
const BATCH_LOCK_TIMEOUT_MS = 250;

/** The house slot of the next batch: batches in flight take turns, so they rarely share a row. */
let nextSlot = 0;

/** Several players' calls in one transaction, all or nothing. */
function postTogether(calls: CallPosting[]): Promise<Posted[]> {
  nextSlot = (nextSlot + 1) % config.HOUSE_SLOTS;
  // A batch's statements are shaped by its size and mix: seldom twice the same, never named.
  return withOneOffStatements(() =>
    postMany(
      calls.map((c) => c.posting),
      {
        houseSlot: nextSlot,
        lockTimeoutMs: Math.min(BATCH_LOCK_TIMEOUT_MS, config.POST_LOCK_TIMEOUT_MS),
        attempts: 1,
        alongside: (balances) => rowsOf(calls.map((c, i) => c.rows(balances[i]!))),
        inTransaction: async (tx) => {
          await settleClosedMany(
            tx,
            calls.flatMap((c) => c.closing() ?? []),
          );
          for (const c of calls) await c.after?.(tx);
        },
      },
    ),
  );
}

type Waiting = {
  call: CallPosting;
  resolve: (posted: Posted) => void;
  reject: (error: unknown) => void;
};

const waiting: Waiting[] = [];
/** Players with a call being posted: their next call waits for the next batch. */
const busy = new Set<string>();
let running = 0;

/**
 * Posts a call as `post` would — the same answer, the same errors — alone when nothing else is
 * waiting, with the calls waiting beside it when the batches in flight are at CASINO_BATCHES.
 */
export function postCall(call: CallPosting): Promise<Posted> {
  if (config.CASINO_BATCH_MAX <= 1) return postAlone(call);
  return new Promise((resolve, reject) => {
    waiting.push({ call, resolve, reject });
    drain();
  });
}

/** Starts batches of what is waiting while fewer than CASINO_BATCHES are in flight. */
function drain(): void {
  while (running < config.CASINO_BATCHES && waiting.length) {
    const players = new Set<string>();
    const batch: Waiting[] = [];
    for (let i = 0; i < waiting.length && batch.length < config.CASINO_BATCH_MAX;) {
      const player = waiting[i]!.call.posting.userId;
      if (busy.has(player) || players.has(player)) {
        i += 1;
        continue;
      }
      players.add(player);
      batch.push(...waiting.splice(i, 1));
    }
    // Only calls of players already being posted are waiting: their batch's end drains again.
    if (!batch.length) return;
    running += 1;
    for (const player of players) busy.add(player);
    void postBatch(batch).finally(() => {
      running -= 1;
      for (const player of players) busy.delete(player);
      drain();
    });
  }
}

const answerAlone = (w: Waiting) => postAlone(w.call).then(w.resolve, w.reject);

async function postBatch(batch: Waiting[]): Promise<void> {
  if (batch.length === 1) return answerAlone(batch[0]!);
  let posted: Posted[] | null = null;
  try {
    posted = await postTogether(batch.map((w) => w.call));
  } catch (err) {
    // Nothing of the batch was written: each call goes alone, and its own path answers it.
    logger.debug({ err, calls: batch.length }, 'a batch of wallet calls is posted call by call');
  }
  // A batch whose keys were all taken before moved nothing: each call alone finds its first answer.
  if (posted && !posted.some((p) => p.replayed)) {
    batch.forEach((w, i) => w.resolve(posted[i]!));
    return;
  }
  await Promise.all(batch.map(answerAlone));
}
