// The local chain's test tokens and what the site needs to watch it (npm run chain, the e2e server).
import { getContractAddress } from 'viem';
import { FUNDER, HOT_WALLET_KEY } from './node';

/** The tokens, deployed by the funder as its first two transactions: their addresses never change. */
export const TOKENS = [
  { symbol: 'USDT', name: 'Tether USD', decimals: 6, nonce: 0 },
  { symbol: 'USDC', name: 'USD Coin', decimals: 6, nonce: 1 },
].map((t) => ({ ...t, address: getContractAddress({ from: FUNDER, nonce: BigInt(t.nonce) }) }));

/** What the site needs to watch the local chain and pay out from its hot wallet. */
export function siteEnv(
  port: number,
  { confirmations = 3, pollSeconds = 2 } = {},
): Record<string, string> {
  return {
    EVM_RPC_URL_ETHEREUM: `http://127.0.0.1:${port}`,
    EVM_TOKENS_ETHEREUM: TOKENS.map((t) => `${t.symbol}=${t.address}:${t.decimals}`).join(','),
    EVM_CONFIRMATIONS_ETHEREUM: String(confirmations),
    EVM_POLL_SECONDS: String(pollSeconds),
    WITHDRAWAL_SIGNER_KEY: HOT_WALLET_KEY,
  };
}
