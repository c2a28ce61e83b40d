import 'server-only';
import { config } from '@/lib/config';
import type { Network } from '@/lib/schemas/networks';

/**
 * Solana's coin and the tokens the custodian takes on it (mainnet mints): what a wallet needs to
 * pay a deposit address from the browser (Phantom). The custodian watches the chain; we only tell
 * the player's wallet what to send.
 */
const assets: Record<string, { mint: string | null; decimals: number }> = {
  SOL: { mint: null, decimals: 9 },
  USDC: { mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', decimals: 6 },
  USDT: { mint: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', decimals: 6 },
};

/** Pay-from-wallet details of a custodian pair on Solana, when a browser RPC is configured. */
export function solanaPayment(currency: string, network: Network) {
  const asset = network === 'solana' ? assets[currency] : undefined;
  if (!asset || !config.SOLANA_RPC_URL) return { contract: null, decimals: null, rpcUrl: null };
  return { contract: asset.mint, decimals: asset.decimals, rpcUrl: config.SOLANA_RPC_URL };
}
