import type { Browser, Page } from '@playwright/test';
import { generate } from 'otplib';
import { signedIn } from './auth-helpers';
import { expect, test } from './fixtures';
import { expectAccessible } from './helpers';
import { staffMember, staffSignIn } from './staff-helpers';

/**
 * Live support (issue 18): a player writes from the site's panel, an agent signed into the back
 * office (password and TOTP) sees it live and replies, the player reads the reply live and after
 * a reload; sign-out closes the panel. The back office refuses a player's token, a wrong code and
 * a role a call does not list.
 */

async function agentPage(browser: Browser, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const agent = await staffMember(page, 'support', name);
  await staffSignIn(page, agent.email, await generate({ secret: agent.secret }));
  await expect(page.getByTestId('staff-name')).toHaveText(`${name} · Support`);
  // Support lands on its overview and sees no payments room; the inbox is its own room.
  await expect(page.getByTestId('queue-support')).toBeVisible();
  const rooms = page.getByRole('navigation', { name: 'Rooms' });
  await expect(rooms.getByRole('link', { name: 'Payments' })).toHaveCount(0);
  await rooms.getByRole('link', { name: 'Support inbox' }).click();
  return page;
}

async function openSupport(page: Page) {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: /Live support/ }).click();
  return page.getByRole('dialog', { name: 'Live support' });
}

test('a player and an agent talk live; the reply stays after a reload; sign-out closes the panel', async ({
  page,
  browser,
}) => {
  const agent = await agentPage(browser, 'Maya');
  await expect(agent.getByRole('heading', { name: 'Conversations' })).toBeVisible();
  await expectAccessible(agent, 'back office inbox');

  await signedIn(page, 'chat');
  await page.goto('/');
  const panel = await openSupport(page);
  await expect(panel.getByText('Write to us: an agent answers right here.')).toBeVisible();
  const box = panel.getByRole('textbox', { name: 'Message' });
  await box.fill('My deposit has not arrived <b>yet</b>');
  await box.press('Enter');
  const log = panel.getByRole('log', { name: 'Conversation with support' });
  // Plain text: the markup shows as typed, nothing is rendered as HTML.
  await expect(log.getByText('My deposit has not arrived <b>yet</b>')).toBeVisible();
  await expectAccessible(page, 'support panel');

  // The agent sees it arrive without reloading, opens it beside the member's panel.
  const item = agent.getByTestId('inbox-item').filter({ hasText: 'My deposit has not arrived' });
  await expect(item).toBeVisible();
  await item.click();
  await expect(agent.getByTestId('member-panel')).toContainText('Deposits');
  await agent.getByRole('textbox', { name: 'Reply' }).fill('Checking it now, one moment');
  await agent.getByRole('button', { name: 'Send' }).click();

  await expect(log.getByText('Checking it now, one moment')).toBeVisible();
  await expect(log.getByText('Maya', { exact: true })).toBeVisible();
  await expect(panel.getByText('Maya is looking after you.')).toBeVisible();

  await page.reload();
  const again = await openSupport(page);
  await expect(again.getByText('Checking it now, one moment')).toBeVisible();
  await expect(again.getByText('My deposit has not arrived <b>yet</b>')).toBeVisible();

  // Signing out closes the panel and forgets the conversation.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByTestId('sign-out').click();
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Live support' })).toBeHidden();
  await agent.context().close();
});

test('the back office refuses a wrong code, a player token, and a role a call does not list', async ({
  page,
}) => {
  const clerk = await staffMember(page, 'payments', 'Pat');
  await staffSignIn(page, clerk.email, '000000');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid 2FA code');
  await expectAccessible(page, 'back office sign-in');

  const player = await signedIn(page, 'not-staff');
  const asPlayer = await page.request.get('/api/v1/operator/support/conversations', {
    headers: { Authorization: `Bearer ${player.token}` },
  });
  expect(asPlayer.status()).toBe(401);

  const agent = await staffMember(page, 'support', 'Sam');
  await staffSignIn(page, agent.email, await generate({ secret: agent.secret }));
  await expect(page.getByTestId('staff-name')).toHaveText('Sam · Support');
  // The agent's session cookie on a payments-only call.
  expect((await page.request.get('/api/v1/operator/withdrawals')).status()).toBe(403);
  expect((await page.request.get('/api/v1/operator/support/conversations')).status()).toBe(200);
});

test.describe('on a phone', () => {
  test('a guest opening live support is asked to sign in @phone-only', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('bottom-support').click();
    const panel = page.getByRole('dialog', { name: 'Live support' });
    await expect(panel.getByText('Sign in to chat with an agent.')).toBeVisible();
    await expectAccessible(page, 'support panel for a guest');
    await panel.getByRole('link', { name: 'Sign in to chat' }).click();
    await expect(page).toHaveURL(/modal=auth&tab=1/);
  });
});
