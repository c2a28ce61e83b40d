import type { Page } from '@playwright/test';
import {
  createTestClient,
  createWalletClient,
  getAddress,
  http,
  parseUnits,
  publicActions,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { E2E_CHAIN_PORT } from '../playwright.config';
import { contracts, localChain } from '../scripts/chain/node';
import { TOKENS } from '../scripts/chain/tokens';

export const CHAIN_RPC = `http://127.0.0.1:${E2E_CHAIN_PORT}`;
// Ganache's deterministic accounts (20 of them; 0 funds the site, 1 pays withdrawals): each test sends from its own, so parallel tests
// never race for one account's nonce.
const MNEMONIC = 'myth like bonus scare over problem client lizard pioneer submit female collect';
export const sender = (index: number) =>
  createWalletClient({
    account: mnemonicToAccount(MNEMONIC, { addressIndex: index }),
    chain: localChain,
    transport: http(CHAIN_RPC),
  });
export const chain = createTestClient({ mode: 'ganache', transport: http(CHAIN_RPC) }).extend(
  publicActions,
);
export const USDT = TOKENS.find((t) => t.symbol === 'USDT')!.address;

/** The player's deposit address, and `usdt` test USDT sent to it from wallet `from`, confirmed. */
export async function depositUsdt(
  page: Page,
  auth: Record<string, string>,
  usdt: string,
  from: number,
) {
  const { data } = await (
    await page.request.get('/api/v1/wallet/deposit-address?currency=USDT&network=ethereum', {
      headers: auth,
    })
  ).json();
  await sender(from).writeContract({
    address: USDT,
    abi: contracts.TestToken.abi,
    functionName: 'mint',
    args: [data.address, parseUnits(usdt, 6)],
  });
  await chain.mine({ blocks: 3 });
  return getAddress(data.address);
}
