// The test tokens on a local chain and the hot wallet's float, once per chain (a kept chain
// already has them).
import { parseUnits } from 'viem';
import { contracts, second, type LocalNode } from './node';
import { TOKENS } from './tokens';

/** Deploys USDT and USDC and mints the hot wallet a million of each, unless done before. */
export async function setUpTokens(node: LocalNode): Promise<'deployed' | 'kept'> {
  const [first] = TOKENS;
  if (first && (await node.publicClient.getCode({ address: first.address }))) return 'kept';
  // Deployed first, as the funder's first transactions: their addresses are the ones TOKENS names.
  for (const token of TOKENS) {
    const address = await node.deploy('TestToken', [token.name, token.symbol, token.decimals]);
    if (address !== token.address) {
      throw new Error(
        `${token.symbol} deployed at ${address}: this chain's funder has sent other transactions first (delete its data to start over)`,
      );
    }
  }
  // The hot wallet (Ganache's second account, 1000 ETH) holds a million of each to pay out.
  for (const token of TOKENS) {
    const hash = await node.wallet.writeContract({
      address: token.address,
      abi: contracts.TestToken.abi,
      functionName: 'mint',
      args: [second.address, parseUnits('1000000', token.decimals)],
    });
    await node.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 200 });
  }
  return 'deployed';
}
