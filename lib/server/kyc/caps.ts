import 'server-only';
import { and, eq, gte, notInArray } from 'drizzle-orm';
import { approvedLevel, type WithdrawalCap } from '@/lib/schemas/kyc';
import { getDb } from '@/lib/server/db';
import { kycLevels, withdrawalCaps, withdrawals } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { ledgerPrecision } from '@/lib/server/wallet/amounts';
import type { Tx } from '@/lib/server/wallet/ledger';
import type { Rates } from '@/lib/schemas/rates';

const DAY = 24 * 3_600_000;

export async function capsFor(level: number, tx?: Tx): Promise<WithdrawalCap> {
  const runner = tx ?? (await getDb());
  const [row] = await runner.select().from(withdrawalCaps).where(eq(withdrawalCaps.level, level));
  return { level, dailyUsd: row?.dailyUsd ?? null, monthlyUsd: row?.monthlyUsd ?? null };
}

export async function allCaps(): Promise<WithdrawalCap[]> {
  const db = await getDb();
  const rows = await db.select().from(withdrawalCaps).orderBy(withdrawalCaps.level);
  return rows.map((r) => ({ level: r.level, dailyUsd: r.dailyUsd, monthlyUsd: r.monthlyUsd }));
}

/**
 * The caps of the player's verification level, checked by the withdrawal inside its hold's
 * transaction (the player's accounts are locked there, so two withdrawals at once are counted one
 * after the other): what was asked in the last 24 hours and 30 days (cancelled and rejected ones
 * aside), plus this one, in USD at the rates given — read before the transaction opened, as a price
 * fetch must never run under the player's locks (review B7).
 */
export async function assertWithinCaps(
  tx: Tx,
  userId: string,
  currency: string,
  amount: bigint,
  rates: Rates,
): Promise<void> {
  const levels = await tx
    .select({ level: kycLevels.level, status: kycLevels.status })
    .from(kycLevels)
    .where(eq(kycLevels.userId, userId));
  const cap = await capsFor(approvedLevel(levels), tx);
  if (cap.dailyUsd === null && cap.monthlyUsd === null) return;
  const since = new Date(Date.now() - 30 * DAY);
  const recent = await tx
    .select({
      currency: withdrawals.currency,
      amount: withdrawals.amount,
      at: withdrawals.createdAt,
    })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        gte(withdrawals.createdAt, since),
        notInArray(withdrawals.status, ['cancelled', 'rejected']),
      ),
    );
  const decimals = await ledgerPrecision(tx);
  const usd = (c: string, units: bigint) =>
    (Number(units) / 10 ** (decimals.get(c) ?? 0)) * (rates.rates[c]?.USD ?? 0);
  const asked = usd(currency, amount);
  const dayAgo = Date.now() - DAY;
  const day = recent
    .filter((w) => w.at.getTime() >= dayAgo)
    .reduce((s, w) => s + usd(w.currency, w.amount), 0);
  const month = recent.reduce((s, w) => s + usd(w.currency, w.amount), 0);
  if (cap.dailyUsd !== null && day + asked > cap.dailyUsd) {
    throw new ApiError('WITHDRAWAL_CAP_DAY', undefined, { cap: cap.dailyUsd });
  }
  if (cap.monthlyUsd !== null && month + asked > cap.monthlyUsd) {
    throw new ApiError('WITHDRAWAL_CAP_MONTH', undefined, { cap: cap.monthlyUsd });
  }
}
