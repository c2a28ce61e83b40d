import 'server-only';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  parseAbi,
  parseUnits,
  type Address,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { config } from '@/lib/config';
import type { TestDeposit } from '@/lib/schemas/wallet';
import { isLocalSite } from '@/lib/server/delivery/outbox';
import { ApiError } from '@/lib/server/http/api-error';
import { evmChain } from './chains';
import { depositAddress } from './deposits';
import { isTestChain } from './explorers';

/**
 * Ganache's first deterministic account (`--wallet.deterministic`), which the demo chain funds
 * with 1000 ETH and which deployed the test tokens (their minter). Its key is printed by Ganache
 * itself and worth nothing anywhere else.
 */
const FUNDER_KEY = '0x4f3edf983ac636a65a842ce7c78d9aa706d3b113bce9c46f30d7d21715b23b1d';

/** What one press of "Send a test deposit" sends (above every minimum, under the daily limits' defaults). */
const AMOUNTS: Record<TestDeposit['currency'], string> = { ETH: '0.5', USDT: '500', USDC: '500' };

const mintAbi = parseAbi(['function mint(address to, uint256 amount)']);

/** The local demo's chain is on: DEV_CHAIN, a localhost site, Ethereum watched on a local node. */
export function demoChainEnabled(): boolean {
  return config.DEV_CHAIN && isLocalSite(config.SITE_URL) && isTestChain('ethereum');
}

// One send at a time: the funder's next nonce is read from the node, so two at once would share it.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Sends the player a test deposit from the demo chain's funder, to their own Ethereum deposit
 * address (made on first ask, and checked against their deposit limits as any deposit is); the
 * watcher then sees, confirms and credits it like any other. Not found unless the demo chain is on.
 */
export async function sendTestDeposit(
  userId: string,
  currency: TestDeposit['currency'],
): Promise<TestDeposit> {
  const chain = evmChain('ethereum');
  if (!demoChainEnabled() || !chain) throw new ApiError('NOT_FOUND');
  const amount = AMOUNTS[currency];
  const { address } = await depositAddress(userId, currency, 'ethereum', amount);
  const token = chain.tokens.find((t) => t.currency === currency);
  const send = async () => {
    const transport = http(chain.rpcUrl, { retryCount: 0, timeout: 10_000 });
    const id = await createPublicClient({ transport }).getChainId();
    const wallet = createWalletClient({
      account: privateKeyToAccount(FUNDER_KEY),
      chain: defineChain({
        id,
        name: 'Local test chain',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: chain.native.decimals },
        rpcUrls: { default: { http: [chain.rpcUrl] } },
      }),
      transport,
    });
    const to = address as Address;
    return token
      ? wallet.writeContract({
          address: token.contract,
          abi: mintAbi,
          functionName: 'mint',
          args: [to, parseUnits(amount, token.decimals)],
        })
      : wallet.sendTransaction({ to, value: parseUnits(amount, chain.native.decimals) });
  };
  const sent = queue.then(send, send);
  queue = sent.catch(() => undefined);
  return { currency, amount, address, txHash: await sent };
}
