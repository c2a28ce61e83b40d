import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { AdjustmentBody } from '@/lib/schemas/operator';
import { getDb } from '@/lib/server/db';
import { approvals, cryptos, gameRounds, ledgerAccounts, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { formatMinor, parseMinor } from '@/lib/server/wallet/amounts';
import { post, type Line, type PostOptions, type Tx } from '@/lib/server/wallet/ledger';
import { currentRates } from '@/lib/server/wallet/rates';
import { correctionAccounts, correctionLines } from '@/lib/server/wallet/corrections';
import { adjustRound } from '@/lib/server/wallet/rounds';
import { audit } from './audit';
import type { OperatorActor } from './auth';
import { ADJUSTMENT_SCOPE, assertUnderFourEyes, lockRequest } from './four-eyes';

/** An adjustment a second staff member approved: it runs as asked, consuming the approval. */
export type ApprovedBy = { approvalId: string; approver: OperatorActor; note?: string };

/**
 * Credits or debits a player's available balance against the house's adjustment account, audited
 * in the same transaction. A debit past the balance is INSUFFICIENT_FUNDS; the same key twice
 * answers the first adjustment. With a round, the correction of that settled round (see
 * `roundCorrection`). Past the four-eyes threshold it throws `NeedsApproval` and nothing moves
 * (see `requestAdjustment`); `approved` runs an approval's request, consuming it in the posting.
 */
export async function adjustBalance(
  actor: OperatorActor,
  body: AdjustmentBody,
  approved?: ApprovedBy,
) {
  const db = await getDb();
  const [currency] = await db
    .select({ decimals: cryptos.decimals })
    .from(cryptos)
    .where(eq(cryptos.symbol, body.currency));
  if (!currency) throw new ApiError('VALIDATION_ERROR', 'currency');
  const [player] = await db.select({ id: users.id }).from(users).where(eq(users.id, body.userId));
  if (!player) throw new ApiError('NOT_FOUND', 'userId');
  const amount = parseMinor(body.amount, currency.decimals);
  if (amount === BigInt(0)) throw new ApiError('VALIDATION_ERROR', 'amount');
  const rates = await currentRates();
  const price = rates.rates[body.currency]?.USD;
  const usd =
    price === undefined
      ? null
      : Number(formatMinor(amount < BigInt(0) ? -amount : amount, currency.decimals)) * price;

  const account = { userId: player.id, currency: body.currency };
  const readBalance = async (from: Pick<typeof db, 'select'> = db) => {
    const [row] = await from
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.owner, `player:${player.id}`),
          eq(ledgerAccounts.currency, body.currency),
          eq(ledgerAccounts.kind, 'available'),
        ),
      );
    return row?.balance ?? BigInt(0);
  };
  const movement = body.round
    ? await roundCorrection(body, player.id, amount)
    : {
        type: 'adjustment' as const,
        lines: [
          { account: { house: 'adjustments' as const, currency: body.currency }, amount: -amount },
          { account, amount },
        ],
        linesUnderLock: undefined,
        before: () => null,
      };
  // Read in the posting's transaction, under its lock on the account: a read before it recorded
  // another posting's balance as "before" when two landed at once (review B14).
  let after: bigint | null = null;
  const written: { eventId?: string } = {};
  const posted = await post(
    {
      type: movement.type,
      scope: `${ADJUSTMENT_SCOPE}${actor.id}`,
      key: body.idempotencyKey,
      userId: player.id,
      lines: movement.lines,
      meta: {
        reason: body.reason,
        actor: actor.id,
        // What decides the amounts a correction computes under the lock: part of its request.
        ...(body.round ? { round: body.round, amount: body.amount } : {}),
        ...(approved ? { approval: approved.approvalId } : {}),
      },
    },
    {
      linesUnderLock: movement.linesUnderLock,
      inTransaction: async (tx, transactionId) => {
        if (approved) await consumeApproval(tx, approved, transactionId);
        else {
          await lockRequest(tx, actor.id, body.idempotencyKey);
          const waiting = await tx
            .select({ id: approvals.id })
            .from(approvals)
            .where(
              and(
                eq(approvals.requestedBy, actor.id),
                eq(approvals.kind, 'balance.adjust'),
                eq(approvals.key, body.idempotencyKey),
              ),
            );
          await assertUnderFourEyes(tx, {
            userId: player.id,
            transactionId,
            usd,
            rates,
            waiting: waiting.length > 0,
          });
        }
        after = await readBalance(tx);
        if (body.round) {
          written.eventId = await adjustRound(tx, {
            ...body.round,
            userId: player.id,
            currency: body.currency,
            amount,
            reason: body.reason,
          });
        }
        // Approved: the approver's act moved the money; the requester is named beside it.
        await audit(tx, approved?.approver ?? actor, {
          action: body.round ? 'round.adjust' : 'balance.adjust',
          target: body.round
            ? `round:${body.round.product}:${body.round.roundId}`
            : `player:${player.id}`,
          before: {
            currency: body.currency,
            available: formatMinor(movement.before() ?? after - amount, currency.decimals),
          },
          after: {
            currency: body.currency,
            amount: body.amount,
            reason: body.reason,
            transactionId,
            ...written,
            ...(approved ? { approvalId: approved.approvalId, requestedBy: actor.id } : {}),
          },
        });
      },
    },
  );
  return {
    transactionId: posted.transactionId,
    replayed: posted.replayed,
    currency: body.currency,
    // A replay ran no hook: the balance now.
    available: formatMinor(after ?? (await readBalance()), currency.decimals),
    ...written,
  };
}

/**
 * Marks the approval approved in the posting that runs it, by one conditional update: two
 * approvers at once, or an approval refused meanwhile, leave the second posting rolled back.
 */
async function consumeApproval(tx: Tx, approved: ApprovedBy, transactionId: string) {
  const [row] = await tx
    .update(approvals)
    .set({
      status: 'approved',
      decidedBy: approved.approver.id,
      decidedAt: new Date(),
      note: approved.note || null,
      result: { transactionId },
    })
    .where(and(eq(approvals.id, approved.approvalId), eq(approvals.status, 'pending')))
    .returning({ id: approvals.id });
  if (!row) throw new ApiError('CONFLICT', 'approval');
}

/**
 * The correction of a settled round against the product's house account (`correctionLines`: a
 * take-back past the available balance becomes what the player owes). Refused before anything
 * moves when the round is not this player's settled round in this currency.
 */
async function roundCorrection(
  body: AdjustmentBody,
  userId: string,
  amount: bigint,
): Promise<{
  type: 'win';
  lines: Line[];
  linesUnderLock: NonNullable<PostOptions['linesUnderLock']>;
  before: () => bigint | null;
}> {
  const round = body.round!;
  const db = await getDb();
  const [row] = await db
    .select({ userId: gameRounds.userId, currency: gameRounds.currency, state: gameRounds.state })
    .from(gameRounds)
    .where(and(eq(gameRounds.product, round.product), eq(gameRounds.roundId, round.roundId)));
  if (!row || row.userId !== userId || row.currency !== body.currency) {
    throw new ApiError('NOT_FOUND', 'round');
  }
  if (row.state === 'open') throw new ApiError('CONFLICT', 'round');
  const player = { userId, currency: body.currency };
  const house = { house: round.product, currency: body.currency };
  let before: bigint | null = null;
  return {
    type: 'win',
    // The accounts to lock; the amounts come from linesUnderLock.
    lines: correctionAccounts(player, house),
    linesUnderLock: async (_tx, balances) => {
      before = balances.of(player);
      return correctionLines(player, house, amount, before);
    },
    before: () => before,
  };
}
