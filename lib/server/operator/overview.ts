import 'server-only';
import type { OperatorRole, OverviewQueue } from '@/lib/schemas/operator';
import { getDbHandle } from '@/lib/server/db';

/**
 * What each queue counts and who works it: a staff member sees the queues of their role only (the
 * counts say something about the business, so they follow the same roles as the rooms).
 */
const queues: Record<OverviewQueue, { roles: readonly OperatorRole[]; count: string }> = {
  withdrawals: {
    roles: ['admin', 'payments'],
    count: `SELECT count(*)::int AS n FROM withdrawals WHERE status = 'pending'`,
  },
  failedPayouts: {
    roles: ['admin', 'payments'],
    count: `SELECT count(*)::int AS n FROM withdrawals WHERE status = 'failed'`,
  },
  alerts: {
    roles: ['admin', 'payments'],
    count: `SELECT count(*)::int AS n FROM operator_alerts WHERE resolved_at IS NULL`,
  },
  kyc: {
    roles: ['admin', 'risk'],
    count: `SELECT count(*)::int AS n FROM kyc_levels WHERE status = 'pending' AND level IN (2, 3)`,
  },
  approvals: {
    roles: ['admin', 'risk'],
    count: `SELECT count(*)::int AS n FROM approvals WHERE status = 'pending'`,
  },
  flags: {
    roles: ['admin', 'risk'],
    count: `SELECT count(*)::int AS n FROM player_flags WHERE closed_at IS NULL`,
  },
  support: {
    roles: ['admin', 'support'],
    count: `SELECT count(*)::int AS n FROM support_conversations WHERE status = 'open'`,
  },
};

/** Today (UTC) in figures every role may see: counts, no money. */
const TODAY = `WITH d AS (SELECT date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS start)
  SELECT
    (SELECT count(*)::int FROM users, d WHERE created_at >= d.start) AS "newPlayers",
    (SELECT count(*)::int FROM deposits, d WHERE status = 'credited' AND updated_at >= d.start)
      AS "depositsCredited",
    (SELECT count(*)::int FROM withdrawals, d WHERE created_at >= d.start) AS "withdrawalsRequested",
    (SELECT count(*)::int FROM withdrawals, d WHERE status = 'paid' AND updated_at >= d.start)
      AS "withdrawalsPaid"`;

/** The back office's first page: the queues waiting for this role, and today's figures. */
export async function overview(role: OperatorRole) {
  const { sql } = await getDbHandle();
  const mine = (Object.keys(queues) as OverviewQueue[]).filter((q) =>
    queues[q].roles.includes(role),
  );
  const counts = await Promise.all(
    mine.map(async (queue) => {
      const { rows } = await sql(queues[queue].count);
      return { queue, waiting: Number(rows[0]?.n ?? 0) };
    }),
  );
  const { rows } = await sql(TODAY);
  const today = rows[0] ?? {};
  return {
    queues: counts,
    today: {
      newPlayers: Number(today.newPlayers ?? 0),
      depositsCredited: Number(today.depositsCredited ?? 0),
      withdrawalsRequested: Number(today.withdrawalsRequested ?? 0),
      withdrawalsPaid: Number(today.withdrawalsPaid ?? 0),
    },
  };
}
