import 'server-only';
import { getAddress, type Address } from 'viem';
import { config } from '@/lib/config';

/** The EVM networks whose deposits the platform watches itself (the rest go through a custodian). */
export const evmNetworks = ['ethereum', 'bsc', 'polygon'] as const;
export type EvmNetwork = (typeof evmNetworks)[number];

export type TokenContract = { currency: string; contract: Address; decimals: number };

export type EvmChain = {
  network: EvmNetwork;
  rpcUrl: string;
  /** The native coin and its on-chain decimals. */
  native: { currency: string; decimals: number };
  tokens: TokenContract[];
  confirmations: number;
};

/** Mainnet USDT and USDC per network, with their on-chain decimals (BNB Chain's pegged tokens use 18). */
const wellKnownTokens: Record<EvmNetwork, TokenContract[]> = {
  ethereum: [
    { currency: 'USDT', contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6 },
    { currency: 'USDC', contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', decimals: 6 },
  ],
  bsc: [
    { currency: 'USDT', contract: '0x55d398326f99059fF775485246999027B3197955', decimals: 18 },
    { currency: 'USDC', contract: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', decimals: 18 },
  ],
  polygon: [
    { currency: 'USDT', contract: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', decimals: 6 },
    { currency: 'USDC', contract: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', decimals: 6 },
  ],
};

const defaults: Record<EvmNetwork, { native: string; confirmations: number }> = {
  ethereum: { native: 'ETH', confirmations: 12 },
  bsc: { native: 'BNB', confirmations: 15 },
  polygon: { native: 'POL', confirmations: 64 },
};

const settings = {
  ethereum: {
    rpc: () => config.EVM_RPC_URL_ETHEREUM,
    confirmations: () => config.EVM_CONFIRMATIONS_ETHEREUM,
    tokens: () => config.EVM_TOKENS_ETHEREUM,
  },
  bsc: {
    rpc: () => config.EVM_RPC_URL_BSC,
    confirmations: () => config.EVM_CONFIRMATIONS_BSC,
    tokens: () => config.EVM_TOKENS_BSC,
  },
  polygon: {
    rpc: () => config.EVM_RPC_URL_POLYGON,
    confirmations: () => config.EVM_CONFIRMATIONS_POLYGON,
    tokens: () => config.EVM_TOKENS_POLYGON,
  },
} satisfies Record<EvmNetwork, object>;

/** `USDT=0x…:6,USDC=0x…:6` (the format the configuration checked). */
function parseTokens(list: string): TokenContract[] {
  return list.split(',').map((item) => {
    const [currency, rest] = item.split('=') as [string, string];
    const [contract, decimals] = rest.split(':') as [string, string];
    return { currency, contract: getAddress(contract.toLowerCase()), decimals: Number(decimals) };
  });
}

/** A watched network's settings, or undefined when it has no RPC endpoint configured. */
export function evmChain(network: EvmNetwork): EvmChain | undefined {
  const s = settings[network];
  const rpcUrl = s.rpc();
  if (!rpcUrl) return undefined;
  const tokens = s.tokens();
  return {
    network,
    rpcUrl,
    native: { currency: defaults[network].native, decimals: 18 },
    tokens: tokens ? parseTokens(tokens) : wellKnownTokens[network],
    confirmations: s.confirmations() ?? defaults[network].confirmations,
  };
}

export function isEvmNetwork(network: string): network is EvmNetwork {
  return (evmNetworks as readonly string[]).includes(network);
}

/** Every EVM network with an endpoint: the ones the watcher scans and deposits are offered on. */
export function watchedChains(): EvmChain[] {
  return evmNetworks.flatMap((n) => evmChain(n) ?? []);
}
