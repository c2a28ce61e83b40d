import 'server-only';
import {
  decodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  type Address,
  type PublicClient,
} from 'viem';
import type { EvmChain } from './chains';

/**
 * What a transaction the platform did not sign was: found by its sender and nonce alone, so the
 * operator reading `ledger:check --chain` sees where the money went. The block is found by
 * bisecting the sender's nonce count over the chain's history (about log₂(head) reads), which
 * needs a node that answers for past blocks (an archive node; Ganache and Hardhat do). Null when
 * the node cannot say.
 */
export async function describeForeign(
  chain: EvmChain,
  client: PublicClient,
  signer: Address,
  nonce: number,
  head: bigint,
): Promise<string | null> {
  try {
    // The first block after which the sender's count passes `nonce` holds that transaction.
    let low = BigInt(0);
    let high = head;
    while (low < high) {
      const middle = (low + high) / BigInt(2);
      const count = await client.getTransactionCount({ address: signer, blockNumber: middle });
      if (count > nonce) high = middle;
      else low = middle + BigInt(1);
    }
    const block = await client.getBlock({ blockNumber: low, includeTransactions: true });
    const tx = block.transactions.find(
      (t) => t.from.toLowerCase() === signer.toLowerCase() && t.nonce === nonce,
    );
    if (!tx) return null;
    const to = tx.to ? getAddress(tx.to) : null;
    return `${tx.hash} in block ${low}: ${whatItMoved(chain, to, tx.value, tx.input)}`;
  } catch {
    return null;
  }
}

/** "100 USDT to 0x…" for a token transfer, "0.5 ETH to 0x…" for a coin, else the call's target. */
function whatItMoved(
  chain: EvmChain,
  to: Address | null,
  value: bigint,
  input: `0x${string}`,
): string {
  const token = to && chain.tokens.find((t) => t.contract.toLowerCase() === to.toLowerCase());
  if (token) {
    try {
      const call = decodeFunctionData({ abi: erc20Abi, data: input });
      if (call.functionName === 'transfer') {
        const [recipient, amount] = call.args;
        return `${formatUnits(amount, token.decimals)} ${token.currency} to ${recipient}`;
      }
    } catch {
      // Not a call the token's standard names: said as a call below.
    }
  }
  if (input === '0x' && to)
    return `${formatUnits(value, chain.native.decimals)} ${chain.native.currency} to ${to}`;
  return to ? `a call to ${to}` : 'a contract creation';
}
