import type { Network } from '@/lib/schemas/networks';

/** Where a transaction of each network can be looked at (mainnet block explorers). */
const explorers: Record<Network, string> = {
  ethereum: 'https://etherscan.io/tx/',
  bsc: 'https://bscscan.com/tx/',
  polygon: 'https://polygonscan.com/tx/',
  bitcoin: 'https://mempool.space/tx/',
  tron: 'https://tronscan.org/#/transaction/',
  solana: 'https://solscan.io/tx/',
};

export function explorerUrl(network: Network, txHash: string): string {
  return `${explorers[network]}${encodeURIComponent(txHash)}`;
}
