import 'server-only';
import { desc, eq, sql } from 'drizzle-orm';
import type { SupportProfile } from '@/lib/schemas/player';
import { getDb } from '@/lib/server/db';
import { sessions, supportConversations } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { loginTypeLabels } from '@/lib/server/players/account';
import { findPlayer } from '@/lib/server/players/store';
import { ledgerPrecision } from '@/lib/server/wallet/amounts';
import { balancesOf } from '@/lib/server/wallet/balances';
import { currentRates } from '@/lib/server/wallet/rates';

export type MemberInfo = SupportProfile['memberInfo'];

/** All-time money totals of one player, per currency at ledger precision. */
type TotalsRow = {
  currency: string;
  deposited: string;
  withdrawn: string;
  wagered: string;
  won: string;
};

/**
 * Sums the player's ledger in one query: deposits credited (to the available or withdraw-only
 * balance), withdrawals paid out (taken from the held balance), stakes and wins.
 */
async function totals(userId: string): Promise<TotalsRow[]> {
  const db = await getDb();
  const { rows } = (await db.execute(sql`
    SELECT e.currency,
      coalesce(sum(e.amount) FILTER (WHERE t.type = 'deposit' AND e.amount > 0), 0)::text AS deposited,
      coalesce(-sum(e.amount) FILTER (WHERE t.type = 'withdrawal' AND e.amount < 0), 0)::text AS withdrawn,
      coalesce(-sum(e.amount) FILTER (WHERE t.type = 'bet' AND e.amount < 0), 0)::text AS wagered,
      coalesce(sum(e.amount) FILTER (WHERE t.type = 'win' AND e.amount > 0), 0)::text AS won
    FROM ledger_transactions t
    JOIN ledger_entries e ON e.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = e.account_id
    WHERE t.user_id = ${userId} AND a.user_id = ${userId}
      AND t.type IN ('deposit', 'withdrawal', 'bet', 'win')
    GROUP BY e.currency`)) as { rows: TotalsRow[] };
  return rows;
}

/** A USD figure as support reads it: two decimals, a minus sign when negative. */
const usd = (value: number) => (Math.round(value * 100) / 100).toFixed(2);

/**
 * Support widget data (spec §3) computed from the platform: balance (with the withdraw-only
 * balance beside it) and totals from the ledger (totals in USD at today's rates),
 * `companyIncome` the player's net loss to the house (stakes
 * less wins; negative when the player is ahead), the last sign-in and its method from the
 * sessions, the agent from the conversation's assignment.
 */
export async function memberInfoOf(userId: string): Promise<MemberInfo> {
  const db = await getDb();
  const player = await findPlayer('id', userId);
  if (!player) throw new ApiError('NOT_FOUND');
  const [rows, balances, [lastSession], [conversation], rates, decimals] = await Promise.all([
    totals(userId),
    balancesOf(userId),
    db
      .select({ createdAt: sessions.createdAt, loginType: sessions.loginType })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt))
      .limit(1),
    db
      .select({ agentId: supportConversations.agentId })
      .from(supportConversations)
      .where(eq(supportConversations.userId, userId)),
    currentRates(),
    ledgerPrecision(),
  ]);
  const sum = { deposited: 0, withdrawn: 0, wagered: 0, won: 0 };
  for (const row of rows) {
    const price = rates.rates[row.currency]?.USD ?? 0;
    const scale = 10 ** (decimals.get(row.currency) ?? 0);
    for (const key of Object.keys(sum) as (keyof typeof sum)[]) {
      sum[key] += (Number(row[key]) / scale) * price;
    }
  }
  const shown = balances.find((b) => b.currency === player.navbarCurrency) ?? balances[0];
  // Withdraw-only money may sit in any currency, not only the one the player shows.
  const withdrawOnly = balances
    .filter((b) => b.withdrawOnly && /[1-9]/.test(b.withdrawOnly))
    .map((b) => `${b.withdrawOnly} ${b.currency}`);
  const loginType = lastSession?.loginType ?? player.loginType;
  return {
    memberId: String(player.memberNo),
    memberUsername: player.username,
    agentId: conversation?.agentId ?? null,
    balance: shown ? `${shown.amount} ${shown.currency}` : '0',
    withdrawOnlyBalance: withdrawOnly.length ? withdrawOnly.join(', ') : '0',
    vipLevel: player.vipLevel,
    totalDepositAmount: usd(sum.deposited),
    totalWithdrawAmount: usd(sum.withdrawn),
    companyIncome: usd(sum.wagered - sum.won),
    lastLoginDate: (lastSession?.createdAt ?? player.lastLoginAt)?.toISOString() ?? null,
    loginType: loginTypeLabels[loginType],
  };
}
