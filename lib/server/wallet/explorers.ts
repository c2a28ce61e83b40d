import 'server-only';
import type { Network } from '@/lib/schemas/networks';
import { evmChain, isEvmNetwork } from './chains';

/** Where a transaction of each network can be looked at on its mainnet. */
const mainnetExplorers: Record<Network, string> = {
  ethereum: 'https://etherscan.io/tx/',
  bsc: 'https://bscscan.com/tx/',
  polygon: 'https://polygonscan.com/tx/',
  bitcoin: 'https://mempool.space/tx/',
  tron: 'https://tronscan.org/#/transaction/',
  solana: 'https://solscan.io/tx/',
};

const isNetwork = (value: string): value is Network => Object.hasOwn(mainnetExplorers, value);

/**
 * A node on this machine or on a private network (a development chain such as ganache): its
 * transactions exist nowhere a public explorer looks.
 */
export function isLocalNode(rpcUrl: string): boolean {
  let host: string;
  try {
    host = new URL(rpcUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal') ||
    host === '::1' ||
    host === '0.0.0.0' ||
    /^127\./.test(host) ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
    /^f[cd][0-9a-f]{2}:/.test(host) ||
    // A single-label name (a container's, like `ganache`).
    (!host.includes('.') && !host.includes(':'))
  );
}

/** A watched EVM network served by a local node: a test chain, whatever its name says. */
export function isTestChain(network: string): boolean {
  if (!isNetwork(network) || !isEvmNetwork(network)) return false;
  const chain = evmChain(network);
  return chain !== undefined && isLocalNode(chain.rpcUrl);
}

/**
 * The public explorer's page of a transaction, or null: none without a hash, and none on a watched
 * EVM network whose node is local (a development chain: Etherscan has never seen its transactions).
 */
export function explorerTxUrl(
  network: string | null | undefined,
  txHash: string | null | undefined,
): string | null {
  if (!network || !txHash || !isNetwork(network) || isTestChain(network)) return null;
  return `${mainnetExplorers[network]}${encodeURIComponent(txHash)}`;
}
