import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { erc20Abi, formatUnits, parseTransaction, type Address, type Hex } from 'viem';
import { getDb } from '@/lib/server/db';
import {
  cryptos,
  custodianPayouts,
  payouts,
  payoutTransactions,
  withdrawals,
} from '@/lib/server/db/schema';
import { formatMinor, ledgerPrecision } from './amounts';
import { watchedChains, type EvmChain } from './chains';
import { custodian } from './custodian';
import { describeForeign } from './chain-foreign';
import { evmClient, receiptOf } from './evm-client';
import { hotWallet, transferOf } from './payable';

export type ChainMismatch = { rule: string; detail: string };

/**
 * `ledger:check -- --chain`: each hot wallet's mined transactions against the payouts table. For
 * every nonce the chain has confirmed (0…n−1), exactly one transaction of ours is mined: a transfer
 * of its withdrawal's amount to its address (the withdrawal paid, and paid by no other), a cancel,
 * or a reverted transfer (its attempt failed); no paid withdrawal lacks its transfer. The
 * custodian's paid payouts match its paid withdrawals one-to-one. Balances are listed for
 * information only.
 */
export async function checkChains(): Promise<{ mismatches: ChainMismatch[]; balances: string[] }> {
  const mismatches: ChainMismatch[] = [];
  const balances: string[] = [];
  for (const chain of watchedChains()) {
    const found = await checkChain(chain);
    mismatches.push(...found.mismatches);
    balances.push(...found.balances);
  }
  mismatches.push(...(await checkCustodian()));
  return { mismatches, balances };
}

/**
 * The custodian's payouts against the withdrawals it paid, one-to-one by our external id and the
 * amount: every paid custodian attempt is a paid payout of that amount there, and no withdrawal
 * has two paid payouts there.
 */
async function checkCustodian(): Promise<ChainMismatch[]> {
  const provider = custodian();
  const api = provider?.payouts();
  if (!provider || !api) return [];
  const db = await getDb();
  const [listed, ours, precision] = await Promise.all([
    api.list(),
    db
      .select({ externalId: custodianPayouts.externalId, w: withdrawals })
      .from(custodianPayouts)
      .innerJoin(withdrawals, eq(withdrawals.id, custodianPayouts.withdrawalId))
      .where(and(eq(custodianPayouts.provider, provider.id), eq(custodianPayouts.status, 'paid'))),
    ledgerPrecision(),
  ]);
  const mismatches: ChainMismatch[] = [];
  const paidThere = new Map<string, { externalId: string; amount: string | null }[]>();
  for (const item of listed) {
    if (item.state !== 'paid' || !item.externalId) continue;
    const withdrawalId = item.externalId.split(':')[0]!;
    paidThere.set(withdrawalId, [
      ...(paidThere.get(withdrawalId) ?? []),
      { externalId: item.externalId, amount: item.amount },
    ]);
  }
  for (const { externalId, w } of ours) {
    const there = paidThere.get(w.id) ?? [];
    const match = there.find((p) => p.externalId === externalId);
    const amount = formatMinor(w.amount, precision.get(w.currency) ?? 8);
    if (!match) {
      mismatches.push({
        rule: 'custodian payout missing',
        detail: `withdrawal ${w.id} is paid through ${provider.id} (${externalId}), which lists no paid payout under it`,
      });
    } else if (match.amount !== null && Number(match.amount) !== Number(amount)) {
      mismatches.push({
        rule: 'custodian amount differs',
        detail: `withdrawal ${w.id}: ${amount} ${w.currency} booked, ${match.amount} paid by ${provider.id}`,
      });
    }
  }
  for (const [id, there] of paidThere) {
    if (there.length > 1) {
      mismatches.push({
        rule: 'paid twice',
        detail: `withdrawal ${id} through ${provider.id}: ${there
          .map((p) => p.externalId)
          .sort()
          .join(', ')}`,
      });
    }
  }
  return mismatches;
}

async function checkChain(chain: EvmChain) {
  const db = await getDb();
  const client = evmClient(chain);
  const mismatches: ChainMismatch[] = [];
  const balances: string[] = [];
  const chainId = await client.getChainId();
  const attempts = await db
    .select({ a: payouts, w: withdrawals, decimals: cryptos.decimals })
    .from(payouts)
    .innerJoin(withdrawals, eq(withdrawals.id, payouts.withdrawalId))
    .innerJoin(cryptos, eq(cryptos.symbol, withdrawals.currency))
    .where(and(eq(payouts.network, chain.network), eq(payouts.chainId, chainId)));
  const sent = attempts.length
    ? await db
        .select()
        .from(payoutTransactions)
        .where(
          inArray(
            payoutTransactions.payoutId,
            attempts.map(({ a }) => a.id),
          ),
        )
    : [];
  const signers = new Set<Address>(attempts.map(({ a }) => a.signer));
  const current = hotWallet();
  if (current) signers.add(current.address);
  const head = await client.getBlockNumber();
  /** Withdrawal id → the hashes of its mined, successful transfers. */
  const transfers = new Map<string, Hex[]>();

  for (const signer of signers) {
    const confirmed = await client.getTransactionCount({ address: signer });
    const byNonce = new Map(
      attempts.filter(({ a }) => a.signer === signer).map((row) => [row.a.nonce, row]),
    );
    for (let nonce = 0; nonce < confirmed; nonce += 1) {
      const row = byNonce.get(nonce);
      const where = `${chain.network} ${signer} nonce ${nonce}`;
      if (!row) {
        const what = await describeForeign(chain, client, signer, nonce, head);
        mismatches.push({
          rule: 'foreign transaction',
          detail: `${where}: not signed for a payout${what ? ` (${what})` : ''}`,
        });
        continue;
      }
      const ours = sent.filter((t) => t.payoutId === row.a.id);
      const receipts = await Promise.all(ours.map((t) => receiptOf(client, t.txHash)));
      const at = receipts.findIndex((r) => r !== null);
      if (at < 0) {
        mismatches.push({
          rule: 'foreign transaction',
          detail: `${where}: mined, but none of the ${ours.length} transactions stored for it`,
        });
        continue;
      }
      const mined = ours[at]!;
      const receipt = receipts[at]!;
      const settled = head - receipt.blockNumber + BigInt(1) >= BigInt(chain.confirmations);
      if (mined.kind === 'cancel') {
        if (settled && row.a.status !== 'cancelled') {
          mismatches.push({
            rule: 'cancel not recorded',
            detail: `${where}: cancel ${mined.txHash} mined, attempt ${row.a.status}`,
          });
        }
        continue;
      }
      if (receipt.status !== 'success') continue;
      const plan = transferOf(chain, row.w, row.decimals);
      const tx = parseTransaction(mined.rawTransaction);
      const exact =
        plan !== null &&
        tx.to?.toLowerCase() === plan.request.to.toLowerCase() &&
        (tx.value ?? BigInt(0)) === plan.request.value &&
        (tx.data ?? '0x') === (plan.request.data ?? '0x');
      if (!exact) {
        mismatches.push({
          rule: 'transfer differs',
          detail: `${where}: ${mined.txHash} is not a transfer of withdrawal ${row.w.id}'s amount to its address`,
        });
      }
      transfers.set(row.w.id, [...(transfers.get(row.w.id) ?? []), mined.txHash]);
      if (settled && row.w.status !== 'paid') {
        mismatches.push({
          rule: 'transfer not booked',
          detail: `${where}: ${mined.txHash} paid withdrawal ${row.w.id}, which is ${row.w.status}`,
        });
      }
    }
    balances.push(...(await balancesOf(chain, signer)));
  }

  for (const [id, hashes] of transfers) {
    if (hashes.length > 1) {
      mismatches.push({
        rule: 'paid twice',
        detail: `withdrawal ${id} on ${chain.network}: ${hashes.length} transfers (${hashes.join(', ')})`,
      });
    }
  }
  const paidByWallet = new Set(
    attempts.filter(({ a, w }) => a.status === 'paid' && w.status === 'paid').map(({ w }) => w.id),
  );
  for (const id of paidByWallet) {
    if (!transfers.has(id)) {
      mismatches.push({
        rule: 'paid without a transfer',
        detail: `withdrawal ${id} on ${chain.network} is paid, and no mined transfer of ours pays it`,
      });
    }
  }
  return { mismatches, balances };
}

/** What the hot wallet holds on the chain: its coin and each configured token. */
async function balancesOf(chain: EvmChain, signer: Address): Promise<string[]> {
  const client = evmClient(chain);
  const native = await client.getBalance({ address: signer });
  const lines = [
    `${chain.network} ${signer}: ${formatUnits(native, chain.native.decimals)} ${chain.native.currency}`,
  ];
  for (const token of chain.tokens) {
    const held = await client
      .readContract({
        address: token.contract,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [signer],
      })
      .catch(() => null);
    if (held !== null) {
      lines.push(
        `${chain.network} ${signer}: ${formatUnits(held, token.decimals)} ${token.currency}`,
      );
    }
  }
  return lines;
}
