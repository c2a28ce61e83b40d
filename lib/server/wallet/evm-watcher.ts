import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { decodeEventLog, getAddress, parseAbiItem, type Hex, type TransactionReceipt } from 'viem';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import { getDb } from '@/lib/server/db';
import { chainCursors, depositAddresses, deposits } from '@/lib/server/db/schema';
import { defineJob } from '@/lib/server/jobs';
import { depositCredited } from '@/lib/server/wallet/events/wallet';
import { emitToPlayer } from '@/lib/server/realtime';
import { formatMinor, ledgerPrecision, parseMinor } from './amounts';
import { evmChain, watchedChains, type EvmChain, type EvmNetwork } from './chains';
import { depositMinimum } from './currency-rules';
import { evmClient, receiptOf } from './evm-client';
import { post } from './ledger';
import { tellPlayer } from '@/lib/server/notifications/events';
import { depositSenderSignal } from '@/lib/server/risk/signals';

/** The socket event a player's deposit sends when it is seen, confirms further, or is credited. */
export const DEPOSIT_EVENT = 'deposit';

const transferEvent = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);
/** Blocks read per pass: a watcher that fell behind catches up in steps instead of one huge read. */
const BLOCKS_PER_PASS = BigInt(500);
/** Where a chain never scanned before starts: this many blocks below its head. */
const FIRST_SCAN_DEPTH = BigInt(100);
const ZERO = BigInt(0);
const ONE = BigInt(1);

type Seen = {
  userId: string;
  currency: string;
  address: string;
  /** Who sent it, lowercased (the transaction's or the Transfer's `from`). */
  sender: string;
  txHash: Hex;
  logPosition: number;
  blockNumber: bigint;
  blockHash: string;
  onChainAmount: bigint;
  onChainDecimals: number;
};

/** Which of these addresses are players' deposit addresses, and whose. */
async function owners(addresses: string[]): Promise<Map<string, string>> {
  if (!addresses.length) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ address: depositAddresses.address, userId: depositAddresses.userId })
    .from(depositAddresses)
    .where(and(eq(depositAddresses.family, 'evm'), inArray(depositAddresses.address, addresses)));
  return new Map(rows.map((r) => [r.address, r.userId]));
}

/** The Transfer at `position` among the transaction's logs, if it is one from `contract`. */
function transferAt(r: TransactionReceipt, position: number, contract: string) {
  const log = r.logs[position];
  if (!log || getAddress(log.address) !== contract) return null;
  try {
    const { args } = decodeEventLog({ abi: [transferEvent], data: log.data, topics: log.topics });
    return args;
  } catch {
    return null;
  }
}

/** Native value: top-level transactions to a deposit address whose receipt succeeded. */
async function nativeTransfers(chain: EvmChain, from: bigint, to: bigint): Promise<Seen[]> {
  const client = evmClient(chain);
  const candidates: Array<{
    hash: `0x${string}`;
    from: string;
    to: string;
    value: bigint;
    block: bigint;
    blockHash: string;
  }> = [];
  for (let n = from; n <= to; n += ONE) {
    const block = await client.getBlock({ blockNumber: n, includeTransactions: true });
    for (const tx of block.transactions) {
      if (tx.to && tx.value > ZERO) {
        candidates.push({
          hash: tx.hash,
          from: tx.from.toLowerCase(),
          to: getAddress(tx.to),
          value: tx.value,
          block: n,
          blockHash: block.hash,
        });
      }
    }
  }
  const whose = await owners([...new Set(candidates.map((c) => c.to))]);
  const seen: Seen[] = [];
  for (const c of candidates) {
    const userId = whose.get(c.to);
    if (!userId) continue;
    const r = await receiptOf(client, c.hash);
    if (r?.status !== 'success') continue;
    seen.push({
      userId,
      currency: chain.native.currency,
      address: c.to,
      sender: c.from,
      txHash: c.hash,
      logPosition: -1,
      blockNumber: c.block,
      blockHash: c.blockHash,
      onChainAmount: c.value,
      onChainDecimals: chain.native.decimals,
    });
  }
  return seen;
}

/** ERC-20 Transfer logs of the network's configured token contracts (no other) to deposit addresses. */
async function tokenTransfers(chain: EvmChain, from: bigint, to: bigint): Promise<Seen[]> {
  if (!chain.tokens.length) return [];
  const client = evmClient(chain);
  const logs = await client.getLogs({
    address: chain.tokens.map((t) => t.contract),
    event: transferEvent,
    fromBlock: from,
    toBlock: to,
  });
  const whose = await owners([
    ...new Set(logs.flatMap((l) => (l.args.to ? [getAddress(l.args.to)] : []))),
  ]);
  const seen: Seen[] = [];
  for (const log of logs) {
    const target = log.args.to && getAddress(log.args.to);
    const userId = target && whose.get(target);
    const token = chain.tokens.find((t) => t.contract === getAddress(log.address));
    if (!userId || !token || !log.args.value || log.blockNumber === null) continue;
    // The log's place among its transaction's logs stays the same when a re-org moves the
    // transaction to another block (its index in the block does not).
    const r = await receiptOf(client, log.transactionHash!);
    if (r?.status !== 'success') continue;
    const position = r.logs.findIndex((l) => l.logIndex === log.logIndex);
    if (position < 0) continue;
    seen.push({
      userId,
      currency: token.currency,
      address: target,
      sender: (log.args.from ?? '').toLowerCase(),
      txHash: log.transactionHash!,
      logPosition: position,
      blockNumber: log.blockNumber,
      blockHash: log.blockHash!,
      onChainAmount: log.args.value,
      onChainDecimals: token.decimals,
    });
  }
  return seen;
}

/** On-chain units at ledger precision, rounded down; the rest is recorded, never credited. */
function toLedger(
  value: bigint,
  onChain: number,
  ledger: number,
): { amount: bigint; remainder: bigint } {
  if (onChain >= ledger) {
    const scale = BigInt(10) ** BigInt(onChain - ledger);
    return { amount: value / scale, remainder: value % scale };
  }
  return { amount: value * BigInt(10) ** BigInt(ledger - onChain), remainder: ZERO };
}

/** numeric(38,0): what a ledger amount can hold. */
const LEDGER_MAX = BigInt(10) ** BigInt(38);

async function record(chain: EvmChain, chainId: number, seen: Seen[]): Promise<void> {
  if (!seen.length) return;
  const db = await getDb();
  const precision = await ledgerPrecision();
  for (const s of seen) {
    const ledgerDecimals = precision.get(s.currency);
    if (ledgerDecimals === undefined) continue;
    const { amount, remainder } = toLedger(s.onChainAmount, s.onChainDecimals, ledgerDecimals);
    if (amount >= LEDGER_MAX) {
      logger.warn(
        { txHash: s.txHash },
        'deposit larger than the ledger holds: left for the operator',
      );
      continue;
    }
    // Seen again (the next pass re-reads recent blocks): a re-org may have moved it to another block.
    const [row] = await db
      .insert(deposits)
      .values({ ...s, network: chain.network, chainId, amount, remainder })
      .onConflictDoUpdate({
        target: [deposits.chainId, deposits.txHash, deposits.logPosition],
        set: { blockNumber: s.blockNumber, blockHash: s.blockHash, updatedAt: sql`now()` },
        setWhere: sql`${deposits.status} = 'pending'`,
      })
      .returning({ id: deposits.id, fresh: sql<boolean>`xmax = 0` });
    if (row) emitToPlayer(s.userId, DEPOSIT_EVENT, { id: row.id });
    if (row?.fresh && s.sender) await depositSenderSignal(s.userId, s.sender);
  }
}

type Pending = typeof deposits.$inferSelect;

/** A deposit row no longer on the chain as it was seen: gone, reverted, or not the same transfer. */
function stillThere(row: Pending, r: TransactionReceipt | null, chain: EvmChain): boolean {
  if (!r || r.status !== 'success') return false;
  if (row.logPosition < 0) return true;
  const token = chain.tokens.find((t) => t.currency === row.currency);
  const args = token && transferAt(r, row.logPosition, token.contract);
  return Boolean(args && getAddress(args.to) === row.address && args.value === row.onChainAmount);
}

/** Settles a confirmed deposit: one credit, by a conditional update inside the posting. */
async function credit(row: Pending, decimals: number): Promise<void> {
  const db = await getDb();
  const minimum = parseMinor(depositMinimum(row.currency) ?? '0', decimals);
  if (row.amount < minimum || row.amount === ZERO) {
    await db
      .update(deposits)
      .set({ status: 'below_minimum', updatedAt: sql`now()` })
      .where(and(eq(deposits.id, row.id), eq(deposits.status, 'pending')));
    return;
  }
  await post(
    {
      type: 'deposit',
      scope: 'deposit:evm',
      key: `${row.chainId}:${row.txHash}:${row.logPosition}`,
      userId: row.userId,
      lines: [
        { account: { house: 'deposits', currency: row.currency }, amount: -row.amount },
        { account: { userId: row.userId, currency: row.currency }, amount: row.amount },
      ],
      meta: { network: row.network, txHash: row.txHash, depositId: row.id },
    },
    {
      inTransaction: async (tx, transactionId, posted) => {
        const done = await tx
          .update(deposits)
          .set({ status: 'credited', creditTransactionId: transactionId, updatedAt: sql`now()` })
          .where(and(eq(deposits.id, row.id), eq(deposits.status, 'pending')))
          .returning({ id: deposits.id });
        // Settled meanwhile (another server's pass): this posting must not stand.
        if (!done.length) throw new AlreadySettled();
        await depositCredited(tx, {
          userId: row.userId,
          currency: row.currency,
          amount: row.amount,
          withdrawOnly: posted.withdrawOnly ?? false,
          source: `evm:${row.network}`,
          transactionId,
        });
      },
    },
  ).then(
    (posted) =>
      tellPlayer(row.userId, posted.withdrawOnly ? 'depositWithdrawOnly' : 'depositCredited', {
        amount: formatMinor(row.amount, decimals),
        currency: row.currency,
      }),
    (error: unknown) => {
      if (!(error instanceof AlreadySettled)) throw error;
    },
  );
}

class AlreadySettled extends Error {}

/** Pending deposits of the chain: confirmations counted against the head, credited at N. */
async function confirm(chain: EvmChain, head: bigint): Promise<void> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.network, chain.network), eq(deposits.status, 'pending')));
  if (!rows.length) return;
  const client = evmClient(chain);
  const precision = await ledgerPrecision();
  const required = BigInt(chain.confirmations);
  for (const row of rows) {
    const r = await receiptOf(client, row.txHash);
    if (!stillThere(row, r, chain)) {
      // Out of the chain for as long as it needed to confirm: a re-org dropped it for good.
      if (head - row.blockNumber + ONE >= required) {
        await db
          .update(deposits)
          .set({ status: 'dropped', updatedAt: sql`now()` })
          .where(and(eq(deposits.id, row.id), eq(deposits.status, 'pending')));
        emitToPlayer(row.userId, DEPOSIT_EVENT, { id: row.id });
      }
      continue;
    }
    const confirmations = head - r!.blockNumber + ONE;
    if (r!.blockNumber !== row.blockNumber) {
      await db
        .update(deposits)
        .set({ blockNumber: r!.blockNumber, blockHash: r!.blockHash, updatedAt: sql`now()` })
        .where(and(eq(deposits.id, row.id), eq(deposits.status, 'pending')));
    }
    if (confirmations >= required) await credit(row, precision.get(row.currency) ?? 8);
    emitToPlayer(row.userId, DEPOSIT_EVENT, { id: row.id });
  }
}

/**
 * One pass over a chain: new blocks since the cursor (and the last N again, so a re-org that
 * replaced them is read too), then every pending deposit's confirmations. Safe to run twice: rows
 * are unique per transfer and credits conditional.
 */
export async function scanChain(chain: EvmChain): Promise<void> {
  const client = evmClient(chain);
  const [chainId, head] = await Promise.all([client.getChainId(), client.getBlockNumber()]);
  const db = await getDb();
  const [cursor] = await db
    .select()
    .from(chainCursors)
    .where(eq(chainCursors.network, chain.network));
  // A new chain behind the same name (a restarted local node) starts over near its head.
  const fresh = !cursor || cursor.chainId !== chainId || cursor.nextBlock > head + ONE;
  const next = fresh
    ? head > FIRST_SCAN_DEPTH
      ? head - FIRST_SCAN_DEPTH
      : ZERO
    : cursor.nextBlock;
  const reread = BigInt(chain.confirmations);
  const from = next > reread ? next - reread : ZERO;
  const to = from + BLOCKS_PER_PASS < head ? from + BLOCKS_PER_PASS : head;
  const seen = [
    ...(await nativeTransfers(chain, from, to)),
    ...(await tokenTransfers(chain, from, to)),
  ];
  logger.debug(
    { network: chain.network, from, to, head, seen: seen.length },
    'deposit watcher pass',
  );
  await record(chain, chainId, seen);
  const nextBlock = to + ONE > next ? to + ONE : next;
  await db
    .insert(chainCursors)
    .values({ network: chain.network, chainId, nextBlock, headBlock: head })
    .onConflictDoUpdate({
      target: chainCursors.network,
      set: { chainId, nextBlock, headBlock: head, updatedAt: sql`now()` },
    });
  await confirm(chain, head);
}

/** The watcher's loop: one pass per network, then the next one EVM_POLL_SECONDS later. */
const watchJob = defineJob<{ network: EvmNetwork }>(
  'wallet.evm-watch',
  async ({ network }) => {
    const chain = evmChain(network);
    if (!chain) return;
    try {
      await scanChain(chain);
    } catch (err) {
      logger.warn({ err, network }, 'deposit watcher pass failed; trying again next poll');
    }
    await watchJob.enqueue(
      { network },
      { startAfter: config.EVM_POLL_SECONDS, singletonKey: network },
    );
  },
  { retryLimit: 0, policy: 'stately', expireInSeconds: 120 },
);

/** Starts (or joins) the watcher loop of every configured network. */
export async function startDepositWatchers(): Promise<void> {
  await Promise.all(
    watchedChains().map((chain) =>
      watchJob.enqueue({ network: chain.network }, { singletonKey: chain.network }),
    ),
  );
}
