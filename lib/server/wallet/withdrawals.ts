import 'server-only';
import { tellPaymentsTeam } from '@/lib/server/realtime';
import { withdrawalAddressSignal } from '@/lib/server/risk/signals';
import { and, desc, eq, lt } from 'drizzle-orm';
import {
  withdrawalSchema,
  type Withdrawal,
  type WithdrawalRequestBody,
} from '@/lib/schemas/wallet';
import { config } from '@/lib/config';
import { assertWithinCaps } from '@/lib/server/kyc/caps';
import { authLimits } from '@/lib/server/auth/limits';
import { acceptTotp } from '@/lib/server/auth/two-factor';
import { getDb } from '@/lib/server/db';
import { cryptos, ledgerAccounts, ledgerTransactions, withdrawals } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { clearLimit, hitLimit } from '@/lib/server/http/rate-limit';
import type { Player } from '@/lib/server/players/store';
import { formatMinor, ledgerPrecision, parseMinor } from './amounts';
import { post, type Tx } from './ledger';
import { withdrawalRule } from './currency-rules';
import { payable } from './payable';
import { currentRates } from './rates';

type Row = typeof withdrawals.$inferSelect;

async function decimalsOf(currency: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ decimals: cryptos.decimals })
    .from(cryptos)
    .where(eq(cryptos.symbol, currency));
  if (!row) throw new ApiError('VALIDATION_ERROR', 'currency');
  return row.decimals;
}

function shown(row: Row, decimals: number): Withdrawal {
  return withdrawalSchema.parse({
    ...row,
    amount: formatMinor(row.amount, decimals),
    fee: formatMinor(row.fee, decimals),
    createdAt: row.createdAt.toISOString(),
  });
}

/** The held sum moves back where it came from (withdraw-only first), in the transaction given. */
const releaseLines = (row: Row) => {
  const held = row.amount + row.fee;
  return [
    {
      account: { userId: row.userId, currency: row.currency, kind: 'held' as const },
      amount: -held,
    },
    ...splitLines(row.userId, row.currency, held, row.fromWithdrawOnly, BigInt(1)),
  ];
};

/** Lines on the available and withdraw-only balances for `total`, `fromWithdrawOnly` of it on the latter. */
function splitLines(
  userId: string,
  currency: string,
  total: bigint,
  fromWithdrawOnly: bigint,
  sign: bigint,
) {
  const fromAvailable = total - fromWithdrawOnly;
  return [
    ...(fromWithdrawOnly > BigInt(0)
      ? [
          {
            account: { userId, currency, kind: 'withdraw_only' as const },
            amount: sign * fromWithdrawOnly,
          },
        ]
      : []),
    ...(fromAvailable > BigInt(0)
      ? [{ account: { userId, currency }, amount: sign * fromAvailable }]
      : []),
  ];
}

/** When withdrawals open again after the player's last change of email, phone or password, or 2FA turned off. */
export function securityHoldUntil(player: Pick<Player, 'securityChangedAt'>): Date | null {
  if (!player.securityChangedAt) return null;
  const until = new Date(
    player.securityChangedAt.getTime() + config.WITHDRAWAL_HOLD_HOURS * 3_600_000,
  );
  return until.getTime() > Date.now() ? until : null;
}

function assertNoSecurityHold(player: Player): void {
  const until = securityHoldUntil(player);
  if (until) {
    throw new ApiError('WITHDRAWAL_HOLD', undefined, {
      until: `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    });
  }
}

/** The player's withdraw-only balance in a currency. */
/**
 * A player who owes the house (a resettlement took back more than they had) withdraws nothing
 * until a deposit or a win has repaid it. Read under the player's lock, which every posting that
 * moves a receivable takes too.
 */
async function assertNothingOwed(tx: Tx, userId: string): Promise<void> {
  const [owed] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.kind, 'receivable'),
        lt(ledgerAccounts.balance, BigInt(0)),
      ),
    )
    .limit(1);
  if (owed) throw new ApiError('RECEIVABLE_OUTSTANDING');
}

/** The withdrawal an idempotency key already made, if any. */
async function madeUnder(userId: string, key: string): Promise<Row | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ withdrawal: withdrawals })
    .from(ledgerTransactions)
    .innerJoin(withdrawals, eq(withdrawals.holdTransactionId, ledgerTransactions.id))
    .where(
      and(eq(ledgerTransactions.scope, `withdrawal:${userId}`), eq(ledgerTransactions.key, key)),
    );
  return row?.withdrawal;
}

/**
 * Withdraw (spec: wallet modal, withdraw tab): the address must follow its network's rule, the
 * amount reach the minimum, and with 2FA on the code is required — counted with every other 2FA
 * code of the account and usable once. Amount and fee are held in the same transaction that
 * records the withdrawal; the same idempotency key answers the first request.
 */
export async function requestWithdrawal(
  player: Player,
  body: WithdrawalRequestBody,
): Promise<Withdrawal> {
  assertNoSecurityHold(player);
  const rule = withdrawalRule(body.currency);
  if (!rule) throw new ApiError('VALIDATION_ERROR', 'currency');
  const decimals = await decimalsOf(body.currency);
  const amount = parseMinor(body.amount, decimals);
  const fee = parseMinor(rule.fee, decimals);
  if (amount < parseMinor(rule.min, decimals)) {
    throw new ApiError('VALIDATION_ERROR', `amount: minimum ${rule.min} ${body.currency}`);
  }
  if (player.twoFactorEnabled && !body.twoFactorCode) {
    throw new ApiError('VALIDATION_ERROR', 'twoFactorCode');
  }

  // A repeated request answers the first one, whatever the balances have done since — before its
  // 2FA code is spent again: a retry carries the code the first request used (review B6). It moves
  // nothing, so it needs no new code.
  const earlier = await madeUnder(player.id, body.idempotencyKey);
  if (earlier) {
    const same =
      earlier.currency === body.currency &&
      earlier.network === body.network &&
      earlier.address === body.address &&
      earlier.amount === amount;
    if (!same) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
    return shown(earlier, decimals);
  }
  // Nothing configured pays the pair: refused now rather than held for good (review B2).
  if (!(await payable(body.currency, body.network))) throw new ApiError('WITHDRAWALS_UNAVAILABLE');
  if (player.twoFactorEnabled) {
    await hitLimit(authLimits.twoFactorPerAccount, player.id);
    if (!(await acceptTotp(player, body.twoFactorCode!))) throw new ApiError('INVALID_2FA');
    await clearLimit(authLimits.twoFactorPerAccount, player.id);
  }
  const total = amount + fee;
  const rates = await currentRates();
  let fromWithdrawOnly = BigInt(0);
  let created: Row | undefined;
  const posted = await post(
    {
      type: 'hold',
      scope: `withdrawal:${player.id}`,
      key: body.idempotencyKey,
      userId: player.id,
      // The accounts the hold may draw on; the split is decided under their lock.
      lines: [
        ...splitLines(player.id, body.currency, total, total, BigInt(-1)),
        ...splitLines(player.id, body.currency, total, BigInt(0), BigInt(-1)),
        { account: { userId: player.id, currency: body.currency, kind: 'held' }, amount: total },
      ],
      meta: { network: body.network, address: body.address, amount: total },
    },
    {
      // Money that may only be withdrawn leaves first and the playable balance covers the rest,
      // read under the lock: two withdrawals at once split against the same balances (review B13).
      linesUnderLock: async (tx, balances) => {
        await assertNothingOwed(tx, player.id);
        const wo = balances.of({
          userId: player.id,
          currency: body.currency,
          kind: 'withdraw_only',
        });
        fromWithdrawOnly = wo < total ? wo : total;
        return [
          ...splitLines(player.id, body.currency, total, fromWithdrawOnly, BigInt(-1)),
          { account: { userId: player.id, currency: body.currency, kind: 'held' }, amount: total },
        ];
      },
      inTransaction: async (tx, transactionId) => {
        // Counted under the hold's locks: two withdrawals at once cannot pass a cap together.
        await assertWithinCaps(tx, player.id, body.currency, amount, rates);
        [created] = await tx
          .insert(withdrawals)
          .values({
            userId: player.id,
            currency: body.currency,
            network: body.network,
            address: body.address,
            amount,
            fee,
            fromWithdrawOnly,
            holdTransactionId: transactionId,
          })
          .returning();
      },
    },
  );
  if (created) {
    tellPaymentsTeam(created);
    await withdrawalAddressSignal(player.id, created.address);
    return shown(created, decimals);
  }
  // A replay: the withdrawal the first request made.
  const db = await getDb();
  const [first] = await db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.holdTransactionId, posted.transactionId));
  return shown(first!, decimals);
}

export async function listWithdrawals(userId: string): Promise<Withdrawal[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.createdAt))
    .limit(100);
  // Each currency's precision once, not once per row.
  const precision = await ledgerPrecision();
  return rows.map((row) => shown(row, precision.get(row.currency) ?? 0));
}

/**
 * Ends a withdrawal that still holds its money (pending: cancelled by the player or rejected by an
 * operator; failed on chain, or approved with nothing on chain: released by an operator; approved
 * with its cancel confirmed: released by the payout pass): one conditional update (from → the new
 * status) inside the posting that releases the hold, so the money comes back exactly once whoever
 * asks first.
 */
export async function endPending(
  where: { id: string; userId?: string },
  status: 'cancelled' | 'rejected',
  reason: string | null,
  alsoInTransaction?: (tx: Tx, before: Row) => Promise<void>,
  from: 'pending' | 'failed' | 'approved' = 'pending',
): Promise<Withdrawal> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.id, where.id),
        where.userId ? eq(withdrawals.userId, where.userId) : undefined,
      ),
    );
  if (!row) throw new ApiError('NOT_FOUND');
  if (row.status !== from) throw new ApiError('CONFLICT', row.status);
  let ended: Row | undefined;
  const release = post(
    {
      type: 'release',
      scope: 'withdrawal-release',
      key: row.id,
      userId: row.userId,
      lines: releaseLines(row),
      meta: { withdrawalId: row.id, status },
    },
    {
      inTransaction: async (tx) => {
        [ended] = await tx
          .update(withdrawals)
          .set({ status, reason, updatedAt: new Date() })
          .where(and(eq(withdrawals.id, row.id), eq(withdrawals.status, from)))
          .returning();
        // Someone else ended it first: throwing undoes this release with the whole transaction.
        if (!ended) throw new ApiError('CONFLICT', 'status');
        await alsoInTransaction?.(tx, row);
      },
    },
  );
  // Both read it pending; the other ended it first (a cancel and a reject carry different meta, so
  // the key answers "another request"): the same conflict as any late end (review B12).
  const posted = await release.catch((error: unknown) => {
    if (error instanceof ApiError && error.code === 'IDEMPOTENCY_KEY_REUSED') {
      throw new ApiError('CONFLICT', 'status');
    }
    throw error;
  });
  // The release key was spent by a request that ended it first.
  if (posted.replayed || !ended) throw new ApiError('CONFLICT', 'status');
  tellPaymentsTeam(ended);
  return shown(ended, await decimalsOf(ended.currency));
}
