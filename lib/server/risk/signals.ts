import 'server-only';
import { sql } from 'drizzle-orm';
import { logger } from '@/lib/logger';
import type { FlagKind } from '@/lib/schemas/risk';
import { getDb } from '@/lib/server/db';
import type { PlayerBalance, Tx } from '@/lib/server/wallet/ledger';
import { raiseFlag } from './flags';

/*
 * The signals that raise risk flags. Each runs after the act it watches has committed and never
 * fails it: a signal lost to an error is logged, the player's deposit or sign-in goes on. The debt
 * signal alone runs inside its posting (the flag commits with the debt; its one insert fails only
 * when the posting's own statements would).
 */

/** How many other accounts a flag names (enough to start a review). */
const OTHERS = 10;
/**
 * A deposit sender seen from more accounts than this is a shared service (an exchange's hot
 * wallet, a payment processor): it links nobody.
 */
const SHARED_SENDER = 10;
/** No address to tell anything by: the proxy's header missing, or this machine itself. */
const NO_ADDRESS = /^(unknown|127\.|::1$|::ffff:127\.)/;
/** A sign-in address shared within this many days is a signal. */
const SHARED_IP_DAYS = 30;
/** Failed 2FA codes on one account within an hour that raise a flag. */
export const FAILED_2FA_FLAG = 5;

async function quietly(what: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    logger.error({ err }, `risk signal lost: ${what}`);
  }
}

/** Flags this account and each other one sharing the value: the link goes both ways. */
async function flagShared(kind: FlagKind, userId: string, source: string, others: string[]) {
  if (!others.length) return;
  await raiseFlag({ userId, kind, source, details: { others } });
  for (const other of others) {
    await raiseFlag({ userId: other, kind, source, details: { others: [userId] } });
  }
}

async function othersWhere(query: ReturnType<typeof sql>): Promise<string[]> {
  const db = await getDb();
  const { rows } = (await db.execute(query)) as { rows: Array<{ user_id: string }> };
  return rows.map((r) => r.user_id);
}

/**
 * A withdrawal to an address another account withdrew to (case-insensitive: EVM checksums). Only
 * the account withdrawing now is flagged, naming the others: anyone can ask for a withdrawal to an
 * address seen on chain, and that must not put the address's owner under review.
 */
export function withdrawalAddressSignal(userId: string, address: string): Promise<void> {
  return quietly('withdrawal address', async () => {
    const others = await othersWhere(sql`
      SELECT DISTINCT user_id FROM withdrawals
       WHERE lower(address) = lower(${address}) AND user_id <> ${userId} LIMIT ${OTHERS}`);
    if (!others.length) return;
    await raiseFlag({
      userId,
      kind: 'shared_withdrawal_address',
      source: `address:${address.toLowerCase()}`,
      details: { others },
    });
  });
}

/** Tokens minted straight to a player come "from" nobody: no signal. */
const NOBODY = /^0x0{40}$/;

/** A deposit from a sender address another account's deposits came from. */
export function depositSenderSignal(userId: string, sender: string): Promise<void> {
  return quietly('deposit sender', async () => {
    if (NOBODY.test(sender)) return;
    const others = await othersWhere(sql`
      SELECT DISTINCT user_id FROM deposits
       WHERE sender = ${sender.toLowerCase()} AND user_id <> ${userId} LIMIT ${SHARED_SENDER}`);
    if (others.length >= SHARED_SENDER) return;
    await flagShared('shared_deposit_sender', userId, `sender:${sender.toLowerCase()}`, others);
  });
}

/** A successful sign-in from an address, or a browser, another account signed in from. */
export function signInSignals(
  userId: string,
  { ip, deviceId }: { ip: string | null; deviceId: string | null },
): Promise<void> {
  return quietly('sign-in', async () => {
    if (ip && !NO_ADDRESS.test(ip)) {
      const others = await othersWhere(sql`
        SELECT DISTINCT user_id FROM sign_in_events
         WHERE ip = ${ip} AND user_id <> ${userId} AND success
           AND created_at > now() - make_interval(days => ${SHARED_IP_DAYS})
         LIMIT ${OTHERS}`);
      await flagShared('shared_ip', userId, `ip:${ip}`, others);
    }
    if (deviceId) {
      const others = await othersWhere(sql`
        SELECT DISTINCT user_id FROM sign_in_events
         WHERE device_id = ${deviceId} AND user_id <> ${userId} AND success LIMIT ${OTHERS}`);
      await flagShared('shared_device', userId, `device:${deviceId}`, others);
    }
  });
}

/** Repeated wrong 2FA codes on one account within the hour: someone may hold its password. */
export function failedTwoFactorSignal(userId: string): Promise<void> {
  return quietly('failed 2FA', async () => {
    const db = await getDb();
    const { rows } = (await db.execute(sql`
      SELECT count(*)::int AS n FROM sign_in_events
       WHERE user_id = ${userId} AND NOT success AND reason = 'INVALID_2FA'
         AND created_at > now() - interval '1 hour'`)) as { rows: Array<{ n: number }> };
    const failures = Number(rows[0]?.n ?? 0);
    if (failures < FAILED_2FA_FLAG) return;
    const day = new Date().toISOString().slice(0, 10);
    await raiseFlag({ userId, kind: 'failed_2fa', source: `day:${day}`, details: { failures } });
  });
}

/**
 * A posting that put a player in debt to the house (a receivable from zero or more to below zero):
 * flagged in the posting's own transaction, so the flag and the debt commit together. Each debt
 * is its own flag (the posting that started it is the source): a reviewer who closed the last one
 * still hears of the next.
 */
export async function receivableSignal(
  tx: Tx,
  transactionId: string,
  balances: PlayerBalance[],
  moved: (account: PlayerBalance['account']) => bigint,
): Promise<void> {
  for (const { account, balance } of balances) {
    if (account.kind !== 'receivable' || balance >= BigInt(0)) continue;
    if (balance - moved(account) < BigInt(0)) continue;
    await raiseFlag(
      {
        userId: account.userId,
        kind: 'negative_receivable',
        source: `debt:${account.currency}:${transactionId}`,
        details: { owed: (-balance).toString() },
      },
      tx,
    );
  }
}
