import type { Address } from 'viem';
import { contracts, type LocalNode } from '../../../scripts/chain/node';

/**
 * Ganache's own miner switch (not among viem's test actions): held, transactions wait in the pool
 * so a test can replace, cancel or race them; let go, each is mined as it comes.
 */
export async function setMining(url: string, on: boolean): Promise<void> {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: on ? 'miner_start' : 'miner_stop' }),
  });
  const body = (await answer.json()) as { result?: unknown };
  if (body.result !== true)
    throw new Error(`Ganache did not switch its miner: ${JSON.stringify(body)}`);
}

/** Mints the test token (scripts/chain's TestToken) at `token` to `to`, signed by the node's funder. */
export function mintTokens(node: LocalNode, token: Address, to: Address, value: bigint) {
  return node.wallet.writeContract({
    address: token,
    abi: contracts.TestToken.abi,
    functionName: 'mint',
    args: [to, value],
  });
}
