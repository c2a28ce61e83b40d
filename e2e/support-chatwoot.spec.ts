import type { ChildProcess } from 'node:child_process';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { apiPlayer, signInByEmail, uniqueEmail } from './auth-helpers';
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

async function signOut(page: Page) {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByTestId('sign-out').click();
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
}

test('players open support on Chatwoot as verified contacts with memberInfo; sign-out resets it', async ({
  page,
}) => {
  const api = await playwrightRequest.newContext({ baseURL: origin });
  const emails = [uniqueEmail('chatwoot-a'), uniqueEmail('chatwoot-b')];
  const members: Record<string, unknown>[] = [];
  for (const email of emails) {
    const { token } = await apiPlayer(api, email);
    const answer = await api.get('/api/v1/users/support-profile', {
      headers: { Authorization: `Bearer ${token}` },
    });
    members.push((await answer.json()).data.memberInfo);
  }
  const [first, second] = members as [Record<string, unknown>, Record<string, unknown>];
  const refused = watchCspViolations(page);
  const sdkLoads: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/packs/js/sdk.js')) sdkLoads.push(r.url());
  });

  await page.goto(`${origin}/?modal=auth&tab=1`);
  await signInByEmail(page, emails[0]!, 'secret123');
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

  // Chatwoot's window opens in place of the panel, named, the member signed in it.
  const chatWindow = page.locator('iframe[title="Live chat with support"]');
  const chat = chatWindow.contentFrame();
  await expect(chat.getByText(`Chatting as ${first.memberUsername}`)).toBeVisible();
  await expect(panel).toBeHidden();
  const [conversation] = chatwoot.conversations();
  expect(conversation!.contact).toMatchObject({
    identifier: first.memberId,
    name: first.memberUsername,
  });
  expect(conversation!.customAttributes).toMatchObject({
    memberId: first.memberId,
    balance: first.balance,
    vipLevel: first.vipLevel,
    totalDepositAmount: first.totalDepositAmount,
    companyIncome: first.companyIncome,
    loginType: first.loginType,
  });
  expect(conversation!.locale).toBe('en');
  expect(conversation!.open).toBe(true);
  await expectAccessible(page, 'Chatwoot open');

  // Closed from its own header (hidden by Chatwoot's own stylesheet, let through the page's CSP),
  // it opens again from the site's entries, without the panel.
  await chat.getByRole('button', { name: 'Close chat' }).click();
  await expect(chatWindow).toBeHidden();
  await openSupport(page);
  await expect(chatWindow).toBeVisible();
  await expect(panel).toBeHidden();
  await chat.getByRole('button', { name: 'Close chat' }).click();

  // Signing out resets the widget and takes it off the page: no cookie, no frame is left.
  await signOut(page);
  await expect(page.locator('#chatwoot_live_chat_widget')).toHaveCount(0);
  await expect
    .poll(async () =>
      (await page.context().cookies()).map((c) => c.name).filter((n) => n.startsWith('cw_')),
    )
    .toEqual([]);

  // Another member on the same browser, without a reload, gets a conversation of their own.
  await page.getByRole('link', { name: 'Sign in' }).first().click();
  await signInByEmail(page, emails[1]!, 'secret123');
  await openSupport(page);
  await expect(chat.getByText(`Chatting as ${second.memberUsername}`)).toBeVisible();
  const contacts = chatwoot.conversations().map((c) => c.contact?.identifier ?? null);
  expect(contacts.at(-1)).toBe(second.memberId);
  expect(contacts.filter((c) => c === first.memberId)).toHaveLength(1);
  expect(chatwoot.conversations().reduce((n, c) => n + c.refused, 0)).toBe(0);
  expect(refused).toEqual([]);

  // A guest is asked to sign in, on the site's own panel.
  await chat.getByRole('button', { name: 'Close chat' }).click();
  await signOut(page);
  await page.goto(`${origin}/help`);
  await page.getByRole('button', { name: 'Chat with support' }).click();
  await expect(panel.getByText('Sign in to chat with an agent.')).toBeVisible();
  await api.dispose();
});
