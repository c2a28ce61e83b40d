import type { ChildProcess } from 'node:child_process';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { apiPlayer, keepTokens, uniqueEmail } from './auth-helpers';
import { startChatwootServer } from './chatwoot-server';
import { expect, test } from './fixtures';
import { expectAccessible, watchCspViolations } from './helpers';
import { startOwnServer } from './own-server';

/**
 * Live support on an operator's Chatwoot (SUPPORT_PROVIDER=chatwoot, issue 18): the site loads the
 * SDK only when a player opens support, hands it the member signed with the inbox's secret (the
 * local Chatwoot checks the HMAC as the real one does) and memberInfo as custom attributes, and
 * resets it on sign-out. A site of its own runs in that mode beside the shared one.
 */
const WEBSITE_TOKEN = 'e2eWebsiteToken42';
const HMAC_TOKEN = 'e2e-chatwoot-hmac-secret-0123456789';

let site: ChildProcess;
let origin: string;
let chatwoot: Awaited<ReturnType<typeof startChatwootServer>>;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  chatwoot = await startChatwootServer({
    port: 3185 + test.info().workerIndex,
    websiteToken: WEBSITE_TOKEN,
    hmacToken: HMAC_TOKEN,
  });
  ({ server: site, origin } = await startOwnServer({
    port: 3180 + test.info().workerIndex,
    env: {
      DEV_OUTBOX: 'true',
      SUPPORT_PROVIDER: 'chatwoot',
      CHATWOOT_BASE_URL: chatwoot.origin,
      CHATWOOT_WEBSITE_TOKEN: WEBSITE_TOKEN,
      CHATWOOT_HMAC_TOKEN: HMAC_TOKEN,
    },
  }));
});
test.afterAll(async () => {
  site.kill('SIGTERM');
  await chatwoot.close();
});

async function openSupport(page: Page) {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: /Live support/ }).click();
}

test('a player opens support on Chatwoot as a verified contact with memberInfo; sign-out resets it', async ({
  page,
}) => {
  const api = await playwrightRequest.newContext({ baseURL: origin });
  const tokens = await apiPlayer(api, uniqueEmail('chatwoot'));
  const profile = await (
    await api.get('/api/v1/users/support-profile', {
      headers: { Authorization: `Bearer ${tokens.token}` },
    })
  ).json();
  const memberInfo = profile.data.memberInfo as Record<string, unknown>;
  await keepTokens(page, tokens);
  const refused = watchCspViolations(page);
  const sdkLoads: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/packs/js/sdk.js')) sdkLoads.push(r.url());
  });

  await page.goto(`${origin}/`);
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
  // Nothing of Chatwoot loads until support is asked for.
  expect(sdkLoads).toEqual([]);

  // Chatwoot cannot be reached: the panel says so and offers a retry.
  chatwoot.state.down = true;
  await openSupport(page);
  const panel = page.getByRole('dialog', { name: 'Live support' });
  await expect(panel.getByRole('alert')).toContainText('Live chat could not be loaded');
  await expectAccessible(page, 'support panel, Chatwoot unreachable');
  chatwoot.state.down = false;
  await panel.getByRole('button', { name: 'Try again' }).click();

  // Chatwoot's window opens in place of the panel, the member signed in it.
  const frame = page.frameLocator('iframe[title="Chatwoot live chat"]');
  await expect(frame.getByText(`Chatting as ${memberInfo.memberUsername}`)).toBeVisible();
  await expect(panel).toBeHidden();
  const [conversation] = chatwoot.conversations();
  expect(conversation!.contact).toMatchObject({
    identifier: memberInfo.memberId,
    name: memberInfo.memberUsername,
  });
  expect(conversation!.refused).toBe(0);
  expect(conversation!.customAttributes).toMatchObject({
    memberId: memberInfo.memberId,
    balance: memberInfo.balance,
    vipLevel: memberInfo.vipLevel,
    totalDepositAmount: memberInfo.totalDepositAmount,
    companyIncome: memberInfo.companyIncome,
    loginType: memberInfo.loginType,
  });
  expect(conversation!.locale).toBe('en');
  expect(conversation!.open).toBe(true);
  await expectAccessible(page, 'Chatwoot open');
  expect(refused).toEqual([]);

  // Closed from its own header, it opens again from the site's entries, without the panel.
  await frame.getByRole('button', { name: 'Close chat' }).click();
  await expect(page.locator('iframe[title="Chatwoot live chat"]')).toBeHidden();
  await openSupport(page);
  await expect(frame.getByText(`Chatting as ${memberInfo.memberUsername}`)).toBeVisible();
  await expect(panel).toBeHidden();
  await frame.getByRole('button', { name: 'Close chat' }).click();

  // Signing out resets the widget: the member's cookies go and a new, anonymous conversation starts.
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByTestId('sign-out').click();
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  await expect
    .poll(async () =>
      (await page.context().cookies()).map((c) => c.name).filter((n) => n.startsWith('cw_')),
    )
    .toEqual(['cw_conversation']);
  await expect.poll(() => chatwoot.conversations().length).toBe(2);
  expect(chatwoot.conversations()[1]!.contact).toBeNull();

  // A guest is asked to sign in, on the site's own panel.
  await page.goto(`${origin}/help`);
  await page.getByRole('button', { name: 'Chat with support' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Live support' }).getByText('Sign in to chat with an agent.'),
  ).toBeVisible();
  await api.dispose();
});
