import { createWalletClient, createTestClient, http, parseUnits, publicActions } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { E2E_CHAIN_PORT } from '../playwright.config';
import { contracts, localChain } from '../scripts/chain/node';
import { TOKENS } from '../scripts/chain/tokens';
import { apiPlayer, uniqueEmail } from './auth-helpers';
import { expect, test } from './fixtures';
import { expectAccessible } from './helpers';
import { signedInStaff } from './staff-helpers';

/**
 * The players room (issue 36): a support agent finds a player by the address they withdrew to,
 * opens their page and reads their ledger, and leaves a note the next colleague sees.
 */

const rpc = `http://127.0.0.1:${E2E_CHAIN_PORT}`;
const minter = createWalletClient({
  account: mnemonicToAccount(
    'myth like bonus scare over problem client lizard pioneer submit female collect',
    { addressIndex: 9 },
  ),
  chain: localChain,
  transport: http(rpc),
});
const chain = createTestClient({ mode: 'ganache', transport: http(rpc) }).extend(publicActions);
const USDT = TOKENS.find((t) => t.symbol === 'USDT')!.address;

test('support finds a player by withdrawal address and reads their ledger @phone', async ({
  page,
  browser,
}) => {
  // A player deposits 20 USDT on the local chain and asks to withdraw 10 to an address of theirs.
  const players = await browser.newContext();
  const { token } = await apiPlayer(players.request, uniqueEmail('ledger'));
  const auth = { Authorization: `Bearer ${token}` };
  const { data: deposit } = await (
    await players.request.get('/api/v1/wallet/deposit-address?currency=USDT&network=ethereum', {
      headers: auth,
    })
  ).json();
  await minter.writeContract({
    address: USDT,
    abi: contracts.TestToken.abi,
    functionName: 'mint',
    args: [deposit.address, parseUnits('20', 6)],
  });
  await chain.mine({ blocks: 3 });
  await expect
    .poll(
      async () =>
        (await (await players.request.get('/api/v1/wallet/deposits', { headers: auth })).json())
          .data[0]?.status,
      { timeout: 30_000 },
    )
    .toBe('credited');
  const to = '0x1111111111111111111111111111111111111111';
  const withdrawal = await players.request.post('/api/v1/wallet/withdrawals', {
    headers: auth,
    data: {
      currency: 'USDT',
      network: 'ethereum',
      address: to,
      amount: '10',
      idempotencyKey: `players-room-${Date.now()}`,
    },
  });
  expect(withdrawal.status()).toBe(200);
  const me = (await (await players.request.get('/api/v1/users/me', { headers: auth })).json())
    .data as { name: string };
  await players.close();

  // A support agent signs in and searches by that address.
  await signedInStaff(page, 'support', 'Sue', 'Support');

  await page
    .getByRole('navigation', { name: 'Rooms' })
    .getByRole('link', { name: 'Players' })
    .click();
  const search = page.getByRole('search', { name: 'Player search' });
  await search
    .getByRole('textbox', { name: 'Search for' })
    .fill(to.toUpperCase().replace('0X', '0x'));
  await search.getByRole('button', { name: 'Find' }).click();
  await expectAccessible(page, 'players room');
  await page.getByRole('link', { name: me.name }).click();

  await expect(page.getByRole('heading', { name: me.name, level: 1 })).toBeVisible();
  const ledger = page.getByRole('table', { name: 'Ledger' });
  await expect(ledger.getByRole('row').filter({ hasText: 'Withdrawal' })).toContainText(
    '-10.000000 USDT',
  );
  await expect(ledger.getByRole('row').filter({ hasText: 'Deposit' })).toContainText(
    '20.000000 USDT',
  );
  await expect(
    page
      .getByRole('table', { name: 'Balances' })
      .getByRole('row')
      .filter({ hasText: 'Held for withdrawal' }),
  ).toBeVisible();

  const notes = page.getByRole('region', { name: 'Notes and tags' });
  await notes.getByRole('textbox', { name: 'New note' }).fill('Asked where the withdrawal is');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByText('Asked where the withdrawal is')).toBeVisible();
  // Support neither blocks nor adjusts: those buttons are not theirs.
  await expect(page.getByRole('button', { name: 'Block' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Adjust balance' })).toHaveCount(0);
  await expectAccessible(page, 'player page');
});
