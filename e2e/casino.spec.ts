import type { ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { parseUnits } from 'viem';
import { E2E_CHAIN_PORT, E2E_CONFIRMATIONS } from '../playwright.config';
import { contracts } from '../scripts/chain/node';
import { siteEnv } from '../scripts/chain/tokens';
import { apiPlayer, keepTokens, uniqueEmail } from './auth-helpers';
import { chain, sender, USDT } from './chain-helpers';
import { expect, test } from './fixtures';
import { expectAccessible } from './helpers';
import { startHub88Server, type Hub88Server } from './hub88-server';
import { startOwnServer } from './own-server';

/**
 * Casino games for real money through the aggregator's seamless wallet (issue 40): a site of its
 * own with GAMES_AGGREGATOR=hub88, beside a scripted Hub88 whose game, in the site's frame, sends
 * signed bets and wins to the site's Wallet API. The header balance moves with each spin.
 */
let site: ChildProcess;
let origin: string;
let hub88: Hub88Server;
let api: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const worker = test.info().workerIndex;
  const port = 3200 + worker;
  const operator = generateKeyPairSync('rsa', { modulusLength: 2048 });
  hub88 = await startHub88Server({
    port: 3210 + worker,
    operatorPublicPem: operator.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    site: `http://localhost:${port}`,
  });
  // Deposits on the shared local chain; no payouts from this site (the hot wallet is the main one's).
  const chainEnv = siteEnv(E2E_CHAIN_PORT, { confirmations: E2E_CONFIRMATIONS, pollSeconds: 1 });
  delete chainEnv.WITHDRAWAL_SIGNER_KEY;
  ({ server: site, origin } = await startOwnServer({
    port,
    timeout: 120_000,
    env: {
      ...chainEnv,
      DEV_WALLET: 'true',
      DEV_OUTBOX: 'true',
      GAMES_AGGREGATOR: 'hub88',
      GAMES_AGGREGATOR_URL: hub88.origin,
      HUB88_OPERATOR_ID: '7',
      HUB88_PUBLIC_KEY: hub88.publicPem,
      HUB88_OPERATOR_PRIVATE_KEY: operator.privateKey
        .export({ type: 'pkcs8', format: 'pem' })
        .toString(),
    },
  }));
  api = await playwrightRequest.newContext({ baseURL: origin });
});

test.afterAll(async () => {
  await api?.dispose();
  site?.kill('SIGTERM');
  await hub88?.close();
});

/** The first slot of the catalog: its page and its name. */
async function aSlot() {
  const { data } = await (await api.get('/api/v1/games?section=slots&limit=1')).json();
  return data.data[0] as { slug: string; name: string };
}

test('casino: a player plays a slot for real through Hub88 and the header balance follows each spin', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const tokens = await apiPlayer(api, uniqueEmail('casino'));
  await keepTokens(page, tokens);
  const auth = { Authorization: `Bearer ${tokens.token}` };
  const { data: address } = await (
    await api.get('/api/v1/wallet/deposit-address?currency=USDT&network=ethereum', {
      headers: auth,
    })
  ).json();
  await sender(14).writeContract({
    address: USDT,
    abi: contracts.TestToken.abi,
    functionName: 'mint',
    args: [address.address, parseUnits('20', 6)],
  });
  await chain.mine({ blocks: 3 });

  const slot = await aSlot();
  await page.goto(`${origin}/casino/games/${slot.slug}`);
  await expect(page.getByRole('button', { name: /^Balance 20\.00 USDT/ })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('game-stage')).toHaveAttribute('data-mode', 'real');
  await expect(page.getByText('Real money: bets and wins move your USDT balance.')).toBeVisible();

  const game = page.frameLocator(`iframe[title="${slot.name}"]`);
  await game.getByRole('button', { name: 'Spin' }).click();
  await expect(game.getByRole('status')).toHaveText('Won 2 USDT: RS_OK');
  // Staked 1, won 2: the balance event moves the header without a reload.
  await expect(page.getByRole('button', { name: /^Balance 21\.00 USDT/ })).toBeVisible();
  await game.getByRole('button', { name: 'Spin' }).click();
  await expect(page.getByRole('button', { name: /^Balance 22\.00 USDT/ })).toBeVisible();
  await expectAccessible(page, 'casino game in real mode');

  // Theatre mode is a toggle on the page.
  const theatre = page.getByRole('button', { name: 'Theatre mode' });
  await theatre.click();
  await expect(theatre).toHaveAttribute('aria-pressed', 'true');

  // The rounds are in the game record, under the game's name.
  await page.goto(`${origin}/account-management/game-record`);
  const record = page.getByTestId('game-record');
  await expect(record.getByRole('row', { name: new RegExp(slot.name) })).toHaveCount(2);
});

test('casino: a guest plays the same slot for fun, and no money moves', async ({ page }) => {
  test.setTimeout(90_000);
  const slot = await aSlot();
  await page.goto(`${origin}/casino/games/${slot.slug}`);
  await expect(page.getByTestId('game-stage')).toHaveAttribute('data-mode', 'fun');
  await expect(page.getByText('Fun mode: play money, nothing is won or lost.')).toBeVisible();
  const game = page.frameLocator(`iframe[title="${slot.name}"]`);
  await game.getByRole('button', { name: 'Spin' }).click();
  await expect(game.getByRole('status')).toHaveText(/fun coins/);
  await expectAccessible(page, 'casino game in fun mode');
});
