import 'server-only';
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import {
  BaseError,
  ExecutionRevertedError,
  erc20Abi,
  keccak256,
  parseTransaction,
  RpcError,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import { getDb } from '@/lib/server/db';
import {
  cryptos,
  custodianPayouts,
  payoutChains,
  payouts,
  payoutTransactions,
  withdrawals,
} from '@/lib/server/db/schema';
import { defineJob } from '@/lib/server/jobs';
import { tellPlayer } from '@/lib/server/notifications/events';
import { raiseAlert, resolveAlert } from '@/lib/server/operator/alerts';
import { evmChain, isEvmNetwork, watchedChains, type EvmChain, type EvmNetwork } from './chains';
import { evmClient, receiptOf } from './evm-client';
import { custodianPays, scheduleCustodianPayouts } from './custodian/payouts';
import { hotWallet, transferOf, type TransferPlan } from './payable';
import { formatMinor, ledgerPrecision } from './amounts';
import type { Tx } from './ledger';
import { endPending } from './withdrawals';
import { markFailed, markPaid, openAttempt } from './payout-outcome';

type Withdrawal = typeof withdrawals.$inferSelect;
type Attempt = typeof payouts.$inferSelect;
type Signed = typeof payoutTransactions.$inferSelect;
type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

export type PayoutHooks = {
  /** Told each broadcast (a test stops the process right after one). */
  afterBroadcast?: (hash: Hex) => void | Promise<void>;
  /**
   * The least raise of a replacement's fees, in percent (12.5: what nodes accept). A test lowers
   * it to see what a node does with a replacement it refuses.
   */
  bumpPercent?: number;
};

/** Nodes take a replacement only when both fees rise by at least 10 % (geth, Ganache): 12.5 clears it. */
export const BUMP_PERCENT = 12.5;

/** `value` raised by `percent`, rounded up. */
export function raised(value: bigint, percent: number): bigint {
  const per100k = BigInt(Math.round((100 + percent) * 1000));
  return (value * per100k + BigInt(99_999)) / BigInt(100_000);
}

const feesOf = (raw: Hex): Fees => {
  const t = parseTransaction(raw);
  return {
    maxFeePerGas: t.maxFeePerGas ?? BigInt(0),
    maxPriorityFeePerGas: t.maxPriorityFeePerGas ?? BigInt(0),
  };
};

/** Errors a node gives for a transaction it already has (or has mined): the broadcast happened. */
const ALREADY_SENT = /already known|known transaction|nonce too low|already imported|AlreadyKnown/i;

type Sent = 'sent' | 'refused';

/**
 * Broadcasts stored bytes. The node's own refusal (an underpriced replacement, say) is an answer:
 * 'refused'; a transport failure throws, and the next pass tries the same bytes again.
 */
async function broadcast(client: PublicClient, raw: Hex): Promise<{ sent: Sent; error?: string }> {
  try {
    await client.sendRawTransaction({ serializedTransaction: raw });
    return { sent: 'sent' };
  } catch (error) {
    if (ALREADY_SENT.test(String(error))) return { sent: 'sent' };
    const answered =
      error instanceof BaseError && error.walk((e) => e instanceof RpcError) !== null;
    if (!answered) throw error;
    // Nodes refuse the very bytes they already hold in different words (Ganache: "transaction
    // underpriced"): a transaction the node knows was sent.
    const known = await client
      .getTransaction({ hash: keccak256(raw) })
      .then(() => true)
      .catch(() => false);
    if (known) return { sent: 'sent' };
    const message =
      error instanceof BaseError ? error.details || error.shortMessage : String(error);
    return { sent: 'refused', error: message.slice(0, 500) };
  }
}

/**
 * Sends one stored transaction and records what the node said, with the head it first said it at
 * (a re-broadcast does not restart the count, nor undo a transaction the node once took).
 */
async function sendStored(client: PublicClient, row: Signed, hooks: PayoutHooks): Promise<Sent> {
  const head = await client.getBlockNumber();
  const answer = await broadcast(client, row.rawTransaction);
  const sent = row.status === 'sent' ? 'sent' : answer.sent;
  if (answer.sent === 'sent') await hooks.afterBroadcast?.(row.txHash);
  const db = await getDb();
  await db
    .update(payoutTransactions)
    .set({ status: sent, sentBlock: row.sentBlock ?? head, error: answer.error ?? null })
    .where(eq(payoutTransactions.id, row.id));
  // Stryker disable next-line all: it decides only whether a log line is written
  if (answer.sent === 'refused') {
    logger.warn(
      { hash: row.txHash, error: answer.error },
      'payout transaction refused by the node',
    );
  }
  return sent;
}

async function store(attempt: Attempt, kind: Signed['kind'], raw: Hex): Promise<Signed> {
  const db = await getDb();
  const [row] = await db
    .insert(payoutTransactions)
    .values({ payoutId: attempt.id, kind, rawTransaction: raw, txHash: keccak256(raw) })
    .returning();
  return row!;
}

async function setAttempt(tx: Tx, id: string, status: Attempt['status'], error?: string) {
  await tx
    .update(payouts)
    .set({ status, error: error ?? null, updatedAt: sql`now()` })
    .where(eq(payouts.id, id));
}

/**
 * Ends a withdrawal whose release was asked for while its payout was in flight, once the chain
 * settled that the transfer did not go out (its cancel confirmed, or it reverted): the hold comes
 * back in the transaction that ends the attempt.
 */
async function release(w: Withdrawal, attempt: Attempt, status: Attempt['status']) {
  await endPending(
    { id: w.id },
    'rejected',
    w.reason,
    async (tx) => {
      await setAttempt(tx, attempt.id, status);
    },
    'approved',
  );
  await resolveAlert('payout.failed', `withdrawal:${w.id}`);
  const decimals = (await ledgerPrecision()).get(w.currency) ?? 8;
  await tellPlayer(w.userId, 'withdrawalRejected', {
    amount: formatMinor(w.amount + w.fee, decimals),
    currency: w.currency,
  });
}

/**
 * What the chain says of one attempt. The signer's confirmed nonce is read before the receipts,
 * so a transaction mined between the two reads is seen by the second (review B1); and a missing
 * receipt never ends an attempt — with the nonce passed and none of ours mined, something else
 * signed with the hot key: a critical alert, and nothing changes.
 */
async function settle(
  chain: EvmChain,
  client: PublicClient,
  signer: PrivateKeyAccount,
  attempt: Attempt,
  w: Withdrawal,
  hooks: PayoutHooks,
) {
  const db = await getDb();
  const sent = await db
    .select()
    .from(payoutTransactions)
    .where(eq(payoutTransactions.payoutId, attempt.id))
    .orderBy(asc(payoutTransactions.createdAt));
  const confirmedNonce = await client.getTransactionCount({ address: attempt.signer });
  const receipts = await Promise.all(sent.map((t) => receiptOf(client, t.txHash)));
  const minedAt = receipts.findIndex((r) => r !== null);
  if (minedAt >= 0) {
    const r = receipts[minedAt]!;
    const mined = sent[minedAt]!;
    const head = await client.getBlockNumber();
    if (head - r.blockNumber + BigInt(1) < BigInt(chain.confirmations)) return;
    if (mined.kind === 'cancel') return release(w, attempt, 'cancelled');
    if (r.status !== 'success') {
      // Read now, not at the pass's start: a release asked meanwhile ends it released, not failed.
      const [now] = await db
        // Stryker disable next-line ObjectLiteral: an empty selection reads every column, this one too
        .select({ releaseRequestedAt: withdrawals.releaseRequestedAt })
        .from(withdrawals)
        .where(eq(withdrawals.id, w.id));
      // Stryker disable next-line OptionalChaining: the withdrawal's row is never deleted
      if (now?.releaseRequestedAt) return release(w, attempt, 'failed');
      return markFailed(w.id, 'reverted', mined.txHash, (tx) =>
        setAttempt(tx, attempt.id, 'failed', 'reverted'),
      );
    }
    await markPaid(w, { txHash: mined.txHash, network: chain.network }, (tx) =>
      setAttempt(tx, attempt.id, 'paid'),
    );
    await resolveAlert('payout.nonce', `withdrawal:${w.id}`);
    await resolveAlert('payout.fee_cap', `payout:${attempt.id}`);
    return;
  }
  if (confirmedNonce > attempt.nonce) {
    await raiseAlert(
      'payout.nonce',
      `withdrawal:${w.id}`,
      `CRITICAL: nonce ${attempt.nonce} of hot wallet ${attempt.signer} on ${chain.network} was used by a transaction the platform did not sign for this withdrawal; nothing was changed`,
      {
        network: chain.network,
        signer: attempt.signer,
        nonce: attempt.nonce,
        ours: sent.map((t) => t.txHash),
      },
    );
    return;
  }
  if (attempt.signer !== signer.address) return; // another key's attempt: only the chain decides it
  const last = sent.at(-1)!;
  // The newest bytes not refused: stored but never broadcast (a crash, a timeout) they go out now.
  const current = sent.filter((t) => t.status !== 'refused').at(-1) ?? last;
  const hasCancel = sent.some((t) => t.kind === 'cancel');
  if (current.sentBlock === null) return void (await sendStored(client, current, hooks));
  if (w.releaseRequestedAt && !hasCancel) {
    return replace(client, signer, attempt, sent, 'cancel', hooks);
  }
  const head = await client.getBlockNumber();
  const since = last.sentBlock ?? current.sentBlock;
  if (head - since >= BigInt(config.PAYOUT_BUMP_BLOCKS)) {
    return replace(client, signer, attempt, sent, hasCancel ? 'cancel' : 'transfer', hooks);
  }
  // Not due yet: the node may have dropped it, so the newest bytes it took go out again.
  await sendStored(client, current, hooks);
}

/**
 * Signs another transaction for the attempt's nonce — the same transfer, or a cancel (nothing, to
 * the signer) — with both fees raised by `BUMP_PERCENT` over the newest the node took, or to the
 * network's estimate when that is higher. Not past `PAYOUT_MAX_FEE_GWEI` (an alert instead), and
 * not again at fees the node has already refused (a refused replacement waits for the estimate to
 * rise or the next due block, never loops).
 */
async function replace(
  client: PublicClient,
  signer: PrivateKeyAccount,
  attempt: Attempt,
  sent: Signed[],
  kind: Signed['kind'],
  hooks: PayoutHooks,
) {
  const base = sent.filter((t) => t.status === 'sent').at(-1) ?? sent[0]!;
  const old = feesOf(base.rawTransaction);
  const estimate = await client.estimateFeesPerGas();
  const percent = hooks.bumpPercent ?? BUMP_PERCENT;
  const priority = [raised(old.maxPriorityFeePerGas, percent), estimate.maxPriorityFeePerGas];
  const fees: Fees = {
    maxPriorityFeePerGas: priority[0]! > priority[1]! ? priority[0]! : priority[1]!,
    maxFeePerGas: raised(old.maxFeePerGas, percent),
  };
  if (estimate.maxFeePerGas > fees.maxFeePerGas) fees.maxFeePerGas = estimate.maxFeePerGas;
  if (fees.maxPriorityFeePerGas > fees.maxFeePerGas) fees.maxFeePerGas = fees.maxPriorityFeePerGas;
  const refusedAlready = sent.some((t) => {
    if (t.status !== 'refused' || t.kind !== kind) return false;
    const f = feesOf(t.rawTransaction);
    return (
      f.maxFeePerGas >= fees.maxFeePerGas && f.maxPriorityFeePerGas >= fees.maxPriorityFeePerGas
    );
  });
  if (refusedAlready) return;
  const cap = BigInt(Math.round(config.PAYOUT_MAX_FEE_GWEI * 1e9));
  if (fees.maxFeePerGas > cap) {
    await raiseAlert(
      'payout.fee_cap',
      `payout:${attempt.id}`,
      `A payout on ${attempt.network} (nonce ${attempt.nonce}) needs a max fee above PAYOUT_MAX_FEE_GWEI to replace; it is left as it is`,
      { network: attempt.network, nonce: attempt.nonce, maxFeePerGas: String(fees.maxFeePerGas) },
    );
    return;
  }
  const t = parseTransaction(base.rawTransaction);
  const payload =
    kind === 'cancel'
      ? { to: signer.address, value: BigInt(0), data: undefined, gas: BigInt(21_000) }
      : { to: t.to!, value: t.value ?? BigInt(0), data: t.data, gas: t.gas! };
  const raw = await signer.signTransaction({
    type: 'eip1559',
    chainId: attempt.chainId,
    nonce: attempt.nonce,
    ...payload,
    ...fees,
  });
  await sendStored(client, await store(attempt, kind, raw), hooks);
}

/** Whether the hot wallet holds the token (or coin) and, once known, the gas this payout needs. */
async function enoughFunds(
  client: PublicClient,
  signer: Address,
  plan: TransferPlan,
  gasCost: bigint,
) {
  const native = await client.getBalance({ address: signer });
  // Stryker disable next-line EqualityOperator: at gas 0 an exact balance fails the check with gas
  if (!plan.token) return native >= plan.units + gasCost;
  const tokens = await client.readContract({
    address: plan.token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [signer],
  });
  return tokens >= plan.units && native >= gasCost;
}

async function alertShort(chain: EvmChain, signer: Address, w: Withdrawal) {
  await raiseAlert(
    'payout.short',
    `withdrawal:${w.id}`,
    `Hot wallet ${signer} is short for a ${w.currency} payout on ${chain.network}`,
    { network: chain.network, currency: w.currency },
  );
}

/** An approved withdrawal nothing configured pays (the configuration changed since it was asked). */
export async function alertUnpayable(w: Pick<Withdrawal, 'id' | 'currency' | 'network'>) {
  await raiseAlert(
    'payout.unpayable',
    `withdrawal:${w.id}`,
    `Nothing configured pays ${w.currency} on ${w.network}: configure a payer or release the withdrawal`,
    { network: w.network, currency: w.currency },
  );
}

/** The next nonce of the signer: past the node's count and past every nonce already assigned. */
async function nextNonce(client: PublicClient, chainId: number, signer: Address) {
  const db = await getDb();
  const [pending, [mine]] = await Promise.all([
    client.getTransactionCount({ address: signer, blockTag: 'pending' }),
    db
      .select({ top: max(payouts.nonce) })
      .from(payouts)
      .where(and(eq(payouts.chainId, chainId), eq(payouts.signer, signer))),
  ]);
  // Stryker disable next-line OptionalChaining: an aggregate always answers one row
  const assigned = mine?.top === null || mine?.top === undefined ? 0 : mine.top + 1;
  return Math.max(pending, assigned);
}

/**
 * Signs the transfer of an approved withdrawal with the signer's next nonce and stores the attempt
 * and its bytes before anything is broadcast; then broadcasts. Returns false when the hot wallet
 * is short (alerted).
 */
async function send(
  chain: EvmChain,
  client: PublicClient,
  signer: PrivateKeyAccount,
  w: Withdrawal,
  ledgerDecimals: number,
  hooks: PayoutHooks,
): Promise<boolean> {
  const plan = transferOf(chain, w, ledgerDecimals);
  if (!plan) {
    await alertUnpayable(w);
    return true;
  }
  const [chainId, fees] = await Promise.all([client.getChainId(), client.estimateFeesPerGas()]);
  // The amount first: a token transfer the wallet cannot cover would also fail gas estimation.
  if (!(await enoughFunds(client, signer.address, plan, BigInt(0)))) {
    await alertShort(chain, signer.address, w);
    return false;
  }
  let gas: bigint;
  try {
    gas = await client.estimateGas({ account: signer.address, ...plan.request });
  } catch (error) {
    // The node says the transfer would revert (a recipient contract that refuses it): never sent.
    // (Nodes say it differently: an execution-reverted error, or another carrying "revert".)
    const reverted =
      error instanceof BaseError &&
      (error.walk((e) => e instanceof ExecutionRevertedError) !== null ||
        /\brevert/i.test(error.details));
    if (reverted) {
      await markFailed(w.id, 'would revert', null);
      return true;
    }
    throw error;
  }
  if (!(await enoughFunds(client, signer.address, plan, gas * fees.maxFeePerGas))) {
    await alertShort(chain, signer.address, w);
    return false;
  }
  const nonce = await nextNonce(client, chainId, signer.address);
  const raw = await signer.signTransaction({
    // Stryker disable next-line StringLiteral: viem infers the same type from the fee fields
    type: 'eip1559',
    chainId,
    nonce,
    gas,
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    ...plan.request,
  });
  const stored = await openAttempt(
    w.id,
    async (tx) =>
      (
        await tx
          .select({ attempt: payouts.attempt, status: payouts.status })
          .from(payouts)
          .where(eq(payouts.withdrawalId, w.id))
          .orderBy(sql`${payouts.attempt} DESC`)
          .limit(1)
      )[0],
    async (tx, attempt) => {
      const [row] = await tx
        .insert(payouts)
        .values({
          withdrawalId: w.id,
          attempt,
          network: chain.network,
          chainId,
          signer: signer.address,
          nonce,
        })
        .returning();
      const [signed] = await tx
        .insert(payoutTransactions)
        .values({
          payoutId: row!.id,
          kind: 'transfer',
          rawTransaction: raw,
          txHash: keccak256(raw),
        })
        .returning();
      return signed!;
    },
  );
  // Stryker disable next-line ConditionalExpression: without it a raced attempt throws, caught and logged by the pass
  if (stored) await sendStored(client, stored, hooks);
  return true;
}

/**
 * Whether the node at the network's address serves the chain the network's payouts were first
 * signed on (recorded by its genesis block at the first pass). The same key on another chain with
 * the same id — a testnet, a fork, another local node on a port this one used — would pay a
 * withdrawal there that the ledger never sees, and again here: a critical alert instead, and
 * nothing is signed until the node is the right one again.
 */
async function onItsChain(chain: EvmChain, client: PublicClient): Promise<boolean> {
  const [chainId, genesis] = await Promise.all([
    client.getChainId(),
    client.getBlock({ blockNumber: BigInt(0) }),
  ]);
  const db = await getDb();
  const [known] = await db
    .insert(payoutChains)
    .values({ network: chain.network, chainId, genesisHash: genesis.hash })
    .onConflictDoUpdate({
      // A no-op update, so the row is answered whether it was just made or made long ago.
      target: payoutChains.network,
      set: { network: sql`excluded.network` },
    })
    .returning();
  const target = `network:${chain.network}`;
  if (known!.chainId === chainId && known!.genesisHash === genesis.hash) {
    // Closed by whichever server's pass sees the right chain again, not only the one that raised it.
    await resolveAlert('payout.chain', target);
    return true;
  }
  await raiseAlert(
    'payout.chain',
    target,
    `CRITICAL: the node at EVM_RPC_URL_${chain.network.toUpperCase()} serves another chain (chain id ${chainId}, genesis ${genesis.hash}) than the one its payouts are signed on (chain id ${known!.chainId}, genesis ${known!.genesisHash}); no payout is signed until it serves that one again`,
    {
      network: chain.network,
      expected: { chainId: known!.chainId, genesis: known!.genesisHash },
      found: { chainId, genesis: genesis.hash },
    },
  );
  return false;
}

/**
 * One pass of the hot wallet over a network: the attempts in flight first (each settled, replaced
 * or cancelled on its own: one that fails never stops the others), then approved withdrawals in
 * order, each signed once. Returns whether work is left.
 */
export async function runPayouts(chain: EvmChain, hooks: PayoutHooks = {}): Promise<boolean> {
  const signer = hotWallet();
  if (!signer) return false;
  const client = evmClient(chain);
  // Nothing is signed, replaced or cancelled on a chain other than the network's own.
  if (!(await onItsChain(chain, client))) return true;
  const db = await getDb();
  const live = await db
    .select({ a: payouts, w: withdrawals })
    .from(payouts)
    .innerJoin(withdrawals, eq(withdrawals.id, payouts.withdrawalId))
    .where(and(eq(payouts.network, chain.network), eq(payouts.status, 'live')))
    .orderBy(asc(payouts.nonce));
  for (const { a, w } of live) {
    try {
      await settle(chain, client, signer, a, w, hooks);
    } catch (err) {
      // Stryker disable next-line all: a log line
      logger.warn({ err, network: chain.network, nonce: a.nonce }, 'payout attempt unsettled');
    }
  }

  const approved = await db
    .select({
      w: withdrawals,
      decimals: cryptos.decimals,
      busy: sql<number>`(
      SELECT count(*) FROM ${payouts}
      WHERE ${payouts.withdrawalId} = ${withdrawals.id} AND ${payouts.status} <> 'failed'
    )::int`,
    })
    .from(withdrawals)
    .innerJoin(cryptos, eq(cryptos.symbol, withdrawals.currency))
    .where(and(eq(withdrawals.network, chain.network), eq(withdrawals.status, 'approved')))
    .orderBy(asc(withdrawals.updatedAt))
    .limit(50);
  for (const { w, decimals, busy } of approved) {
    // Stryker disable next-line LogicalOperator,ConditionalExpression: openAttempt refuses the same under the withdrawal's lock; this spares the signature
    if (busy > 0 || w.releaseRequestedAt) continue;
    // A short hot wallet stops the queue: later withdrawals wait behind the first, in order.
    try {
      if (!(await send(chain, client, signer, w, decimals, hooks))) break;
    } catch (err) {
      // Stryker disable next-line all: a log line
      logger.warn({ err, network: chain.network, withdrawalId: w.id }, 'payout not sent this pass');
    }
  }
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(withdrawals)
    .where(and(eq(withdrawals.network, chain.network), eq(withdrawals.status, 'approved')));
  return (left?.n ?? 0) > 0;
}

/** The hot wallet's loop per network: one job per signer and network, again while work is left. */
const payoutJob = defineJob<{ network: EvmNetwork }>(
  'wallet.payout',
  async ({ network }) => {
    const chain = evmChain(network);
    if (!chain) return;
    let more = true;
    try {
      more = await runPayouts(chain);
    } catch (err) {
      // Stryker disable next-line all: a log line
      logger.warn({ err, network }, 'payout pass failed; trying again');
    }
    if (more) {
      await payoutJob.enqueue(
        { network },
        // Stryker disable next-line OptionalChaining: the job runs only where a hot wallet is set
        { startAfter: config.EVM_POLL_SECONDS, singletonKey: `${network}:${hotWallet()?.address}` },
      );
    }
  },
  { retryLimit: 0, policy: 'stately', expireInSeconds: 120 },
);

/**
 * Starts the payout loop of a network (after an approval or a release; at server start for
 * leftover work): the custodian's for its networks, the hot wallet's for the watched EVM chains.
 */
export async function schedulePayouts(network: string): Promise<void> {
  if (custodianPays(network)) return scheduleCustodianPayouts();
  const signer = hotWallet();
  if (!signer || !isEvmNetwork(network) || !evmChain(network)) return;
  await payoutJob.enqueue({ network }, { singletonKey: `${network}:${signer.address}` });
}

/**
 * Where the withdrawal's payout is under way, if anywhere: an attempt on chain not yet ended, or a
 * custodian request not yet paid or failed.
 */
export async function payoutUnderWay(
  tx: Tx,
  withdrawalId: string,
): Promise<'chain' | 'custodian' | null> {
  const onChain = await tx
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.withdrawalId, withdrawalId), eq(payouts.status, 'live')));
  if (onChain.length) return 'chain';
  const custodian = await tx
    .select({ id: custodianPayouts.id })
    .from(custodianPayouts)
    .where(
      and(
        eq(custodianPayouts.withdrawalId, withdrawalId),
        inArray(custodianPayouts.status, ['requesting', 'created', 'verified']),
      ),
    );
  return custodian.length ? 'custodian' : null;
}

/** A payout that can no longer pay, and why: what lets an operator retry or release past it. */
export type DeadAttempt = { kind: 'chain' | 'custodian'; id: string; reason: string };

/**
 * The withdrawal's payout under way, if it can no longer pay: on chain, its nonce used by a
 * transaction none of ours (checked on the chain now: the nonce past it as of the network's
 * confirmations ago, and no receipt for anything stored for it — none of them can be mined any
 * more); at the custodian, a request
 * not found after `CUSTODIAN_LOST_PASSES` passes. Read outside any transaction (it asks the chain);
 * `endDeadAttempt` ends it under the withdrawal's lock.
 */
export async function deadAttempt(withdrawalId: string): Promise<DeadAttempt | null> {
  const db = await getDb();
  const [live] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.withdrawalId, withdrawalId), eq(payouts.status, 'live')));
  if (live) {
    const chain = isEvmNetwork(live.network) ? evmChain(live.network) : undefined;
    if (!chain) return null;
    const client = evmClient(chain);
    // Used at least the network's confirmations ago: a node that answers for that block has the
    // receipt of any transaction of ours mined at it (one a block or two behind does not count).
    const head = await client.getBlockNumber();
    const settled = head - BigInt(chain.confirmations);
    // Stryker disable next-line EqualityOperator: at block 0 no nonce is used yet, so both answer null
    if (settled < BigInt(0)) return null;
    const confirmed = await client.getTransactionCount({
      address: live.signer,
      blockNumber: settled,
    });
    if (confirmed <= live.nonce) return null;
    const sent = await db
      .select({ txHash: payoutTransactions.txHash })
      .from(payoutTransactions)
      .where(eq(payoutTransactions.payoutId, live.id));
    const receipts = await Promise.all(sent.map((t) => receiptOf(client, t.txHash)));
    if (receipts.some((r) => r !== null)) return null;
    return {
      kind: 'chain',
      id: live.id,
      reason: `nonce ${live.nonce} used by another transaction`,
    };
  }
  const [lost] = await db
    .select()
    .from(custodianPayouts)
    .where(
      and(
        eq(custodianPayouts.withdrawalId, withdrawalId),
        eq(custodianPayouts.status, 'requesting'),
      ),
    );
  if (lost?.requestedAt && lost.unfoundPasses >= config.CUSTODIAN_LOST_PASSES) {
    return {
      kind: 'custodian',
      id: lost.id,
      reason: `not found at the custodian after ${lost.unfoundPasses} passes`,
    };
  }
  return null;
}

/** Ends a dead attempt as failed, if it is still the live one (one conditional update). */
export async function endDeadAttempt(tx: Tx, dead: DeadAttempt): Promise<boolean> {
  const ended =
    dead.kind === 'chain'
      ? await tx
          .update(payouts)
          .set({ status: 'failed', error: dead.reason, updatedAt: sql`now()` })
          .where(and(eq(payouts.id, dead.id), eq(payouts.status, 'live')))
          .returning({ id: payouts.id })
      : await tx
          .update(custodianPayouts)
          .set({ status: 'failed', error: dead.reason, updatedAt: sql`now()` })
          .where(and(eq(custodianPayouts.id, dead.id), eq(custodianPayouts.status, 'requesting')))
          .returning({ id: custodianPayouts.id });
  return ended.length > 0;
}

export async function startPayouts(): Promise<void> {
  await Promise.all([
    ...watchedChains().map((chain) => schedulePayouts(chain.network)),
    scheduleCustodianPayouts(),
  ]);
}
