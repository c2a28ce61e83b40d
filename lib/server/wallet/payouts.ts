import 'server-only';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  BaseError,
  encodeFunctionData,
  ExecutionRevertedError,
  erc20Abi,
  getAddress,
  isHex,
  keccak256,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import { getDb } from '@/lib/server/db';
import { cryptos, payouts, withdrawals } from '@/lib/server/db/schema';
import { defineJob } from '@/lib/server/jobs';
import { raiseAlert } from '@/lib/server/operator/alerts';
import { evmChain, isEvmNetwork, watchedChains, type EvmChain, type EvmNetwork } from './chains';
import { evmClient, receiptOf } from './evm-client';
import { custodianPays, scheduleCustodianPayouts } from './custodian/payouts';
import { markFailed, markPaid, openAttempt } from './payout-outcome';

type Withdrawal = typeof withdrawals.$inferSelect;
type Payout = typeof payouts.$inferSelect;

/** What a payout run may be told about its own steps (a test stops the process right after a broadcast). */
export type PayoutHooks = { afterBroadcast?: (hash: Hex) => void | Promise<void> };

/** The hot wallet that signs payouts, when the operator configured one. */
export function hotWallet(): PrivateKeyAccount | null {
  const key = config.WITHDRAWAL_SIGNER_KEY;
  return key && isHex(key) ? privateKeyToAccount(key) : null;
}

/** How a withdrawal goes on chain: the native coin's value, or a token's transfer call. */
function transferOf(chain: EvmChain, w: Withdrawal, ledgerDecimals: number) {
  const token = chain.tokens.find((t) => t.currency === w.currency);
  const onChain = token ? token.decimals : chain.native.decimals;
  if (!token && w.currency !== chain.native.currency) return null;
  // Paid exactly: the ledger amount scaled up (a token with fewer decimals than the ledger cannot be).
  if (onChain < ledgerDecimals) return null;
  const units = w.amount * BigInt(10) ** BigInt(onChain - ledgerDecimals);
  const to = getAddress(w.address);
  return token
    ? {
        token: token.contract,
        units,
        request: {
          to: token.contract,
          value: BigInt(0),
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, units] }),
        },
      }
    : { token: null, units, request: { to, value: units, data: undefined } };
}

/** Errors a node gives for a transaction it already has (or has mined): the broadcast happened. */
const ALREADY_SENT = /already known|known transaction|nonce too low|already imported|AlreadyKnown/i;

async function broadcast(client: PublicClient, raw: Hex): Promise<void> {
  try {
    await client.sendRawTransaction({ serializedTransaction: raw });
  } catch (error) {
    if (!ALREADY_SENT.test(String(error))) throw error;
  }
}

async function setPayout(id: string, status: Payout['status'], error?: string) {
  const db = await getDb();
  await db
    .update(payouts)
    .set({ status, error: error ?? null, updatedAt: sql`now()` })
    .where(eq(payouts.id, id));
}

/** The payout failed on chain (or would): the row and the withdrawal together. */
function fail(withdrawalId: string, reason: string, p?: Payout) {
  return markFailed(withdrawalId, reason, p?.txHash ?? null, async (tx) => {
    if (!p) return;
    await tx
      .update(payouts)
      .set({ status: 'failed', error: reason, updatedAt: sql`now()` })
      .where(eq(payouts.id, p.id));
  });
}

/** The payout is in the chain with enough confirmations. */
function complete(p: Payout, w: Withdrawal) {
  return markPaid(w, { txHash: p.txHash, network: p.network }, async (tx) => {
    await tx
      .update(payouts)
      .set({ status: 'confirmed', updatedAt: sql`now()` })
      .where(eq(payouts.id, p.id));
  });
}

/** A payout already signed: broadcast again (the same bytes), then read what the chain says of it. */
async function settle(chain: EvmChain, client: PublicClient, p: Payout, w: Withdrawal) {
  const r = await receiptOf(client, p.txHash);
  if (!r) {
    const used = await client.getTransactionCount({ address: p.signer });
    // The signer's nonce moved past ours without this transaction: it was dropped for another.
    if (used > p.nonce) return fail(p.withdrawalId, 'dropped', p);
    await broadcast(client, p.rawTransaction);
    if (p.status === 'signed') await setPayout(p.id, 'broadcast');
    return;
  }
  if (r.status !== 'success') return fail(p.withdrawalId, 'reverted', p);
  if (p.status === 'signed') await setPayout(p.id, 'broadcast');
  const head = await client.getBlockNumber();
  if (head - r.blockNumber + BigInt(1) >= BigInt(chain.confirmations)) await complete(p, w);
}

/** Whether the hot wallet holds the token (or coin) and, once known, the gas this payout needs. */
async function enoughFunds(
  client: PublicClient,
  signer: Address,
  plan: NonNullable<ReturnType<typeof transferOf>>,
  gasCost: bigint,
) {
  const native = await client.getBalance({ address: signer });
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

/**
 * Signs a new payout for an approved withdrawal and stores the signed bytes, nonce and hash before
 * anything is broadcast; then broadcasts. Returns false when the hot wallet is short (alerted).
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
  if (!plan) return true; // not a currency this hot wallet pays (a custodian's)
  const [chainId, nonce, fees] = await Promise.all([
    client.getChainId(),
    client.getTransactionCount({ address: signer.address, blockTag: 'pending' }),
    client.estimateFeesPerGas(),
  ]);
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
      await fail(w.id, 'would revert');
      return true;
    }
    throw error;
  }
  if (!(await enoughFunds(client, signer.address, plan, gas * fees.maxFeePerGas))) {
    await alertShort(chain, signer.address, w);
    return false;
  }
  const raw = await signer.signTransaction({
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
          .orderBy(desc(payouts.attempt))
          .limit(1)
      )[0],
    async (tx, attempt) =>
      (
        await tx
          .insert(payouts)
          .values({
            withdrawalId: w.id,
            attempt,
            network: chain.network,
            chainId,
            signer: signer.address,
            nonce,
            rawTransaction: raw,
            txHash: keccak256(raw),
          })
          .returning()
      )[0]!,
  );
  if (!stored) return true;
  await broadcast(client, raw);
  await hooks.afterBroadcast?.(stored.txHash);
  await setPayout(stored.id, 'broadcast');
  return true;
}

/**
 * One pass of the hot wallet over a network: payouts in flight first (re-broadcast, confirmations,
 * paid), then approved withdrawals in order, each signed once. Returns whether work is left.
 */
export async function runPayouts(chain: EvmChain, hooks: PayoutHooks = {}): Promise<boolean> {
  const signer = hotWallet();
  if (!signer) return false;
  const client = evmClient(chain);
  const db = await getDb();
  const inFlight = await db
    .select({ p: payouts, w: withdrawals })
    .from(payouts)
    .innerJoin(withdrawals, eq(withdrawals.id, payouts.withdrawalId))
    .where(
      and(eq(payouts.network, chain.network), inArray(payouts.status, ['signed', 'broadcast'])),
    )
    .orderBy(asc(payouts.nonce));
  for (const { p, w } of inFlight) await settle(chain, client, p, w);

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
    if (busy > 0) continue;
    // A short hot wallet stops the queue: later withdrawals wait behind the first, in order.
    if (!(await send(chain, client, signer, w, decimals, hooks))) break;
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
      logger.warn({ err, network }, 'payout pass failed; trying again');
    }
    if (more) {
      await payoutJob.enqueue(
        { network },
        { startAfter: config.EVM_POLL_SECONDS, singletonKey: `${network}:${hotWallet()?.address}` },
      );
    }
  },
  { retryLimit: 0, policy: 'stately', expireInSeconds: 120 },
);

/**
 * Starts the payout loop of a network (after an approval; at server start for leftover work): the
 * custodian's for its networks, the hot wallet's for the watched EVM chains.
 */
export async function schedulePayouts(network: string): Promise<void> {
  if (custodianPays(network)) return scheduleCustodianPayouts();
  const signer = hotWallet();
  if (!signer || !isEvmNetwork(network) || !evmChain(network)) return;
  await payoutJob.enqueue({ network }, { singletonKey: `${network}:${signer.address}` });
}

export async function startPayouts(): Promise<void> {
  await Promise.all([
    ...watchedChains().map((chain) => schedulePayouts(chain.network)),
    scheduleCustodianPayouts(),
  ]);
}
