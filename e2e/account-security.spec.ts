import type { Browser } from '@playwright/test';
import ar from '../messages/ar.json';
import { apiPlayer, signInByEmail, uniqueEmail } from './auth-helpers';
import { expect, test } from './fixtures';
import { expectAccessible } from './helpers';

/**
 * The security page (issue 17): live sessions with "sign out all others" — the other device's
 * socket is closed and it is signed out at once, without reloading — the sign-in history, and the
 * password change that ends other sessions; in English and Arabic, axe-clean.
 */

/** A second device: its own browser context, signed in through the API with the password. */
async function secondDevice(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL });
  const login = await context.request.post('/api/v1/auth/login', {
    data: { email, password: 'secret123' },
  });
  const { token, getStreamToken } = (await login.json()).data;
  await context.addInitScript(
    (t) => {
      localStorage.setItem('accessToken', t.token);
      localStorage.setItem('getStreamToken', t.getStreamToken);
    },
    { token, getStreamToken },
  );
  const page = await context.newPage();
  return { context, page, token: token as string };
}

test('sessions: "sign out all others" signs the other device out at once; the history lists sign-ins', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('sessions');
  await apiPlayer(page.request, email);
  const other = await secondDevice(browser, baseURL!, email);
  const opened = other.page.waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'));
  await other.page.goto('/');
  await expect(other.page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
  // Its socket is open (the stream token was accepted) before the sign-out is asked.
  const socket = await opened;

  await page.goto('/account-management/security?modal=auth&tab=1');
  await signInByEmail(page, email, 'secret123');
  const sessions = page.getByRole('region', { name: 'Active sessions' });
  await expect(sessions.getByTestId('session-row')).toHaveCount(3); // activation, B, this one
  await expect(sessions.getByTestId('session-row').filter({ hasText: 'This device' })).toHaveCount(
    1,
  );
  await expectAccessible(page, 'security page');
  await sessions.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await expect(sessions.getByTestId('session-row')).toHaveCount(1);

  // The other device: its socket was closed, so it finds out and signs out without a reload.
  await expect.poll(() => socket.isClosed()).toBe(true);
  await expect(
    other.page.getByRole('link', { name: 'Sign in', exact: true }).first(),
  ).toBeVisible();
  await expect(other.page.getByRole('button', { name: /^Account menu for/ })).toHaveCount(0);
  await other.context.close();

  const history = page.getByRole('region', { name: 'Sign-in history' });
  await expect(history.getByTestId('sign-in-event')).toHaveCount(3);
  await expect(history.getByTestId('sign-in-event').first()).toContainText('Succeeded');
});

test('change password in Arabic: other sessions end, the old password stops working', async ({
  page,
  browser,
  baseURL,
}) => {
  const t = ar.security;
  const email = uniqueEmail('password-ar');
  // An Arabic-speaking player: signing in keeps the page in the player's language (spec §4).
  await apiPlayer(page.request, email, 'secret123', 'ar');
  const other = await secondDevice(browser, baseURL!, email);
  await page.goto('/ar/account-management/security?modal=auth&tab=1');
  const form = page.getByTestId('sign-in-form');
  await form.getByRole('textbox', { name: ar.authForm.email }).fill(email);
  await form.getByLabel(ar.authForm.password, { exact: true }).fill('secret123');
  await page.getByRole('dialog').getByRole('button', { name: ar.auth.signIn, exact: true }).click();

  const card = page.getByRole('region', { name: t.passwordTitle });
  await card.getByLabel(t.currentPassword, { exact: true }).fill('secret123');
  await card.getByLabel(t.newPassword, { exact: true }).fill('newsecret9');
  await card.getByLabel(t.repeatPassword, { exact: true }).fill('other99999');
  await card.getByRole('button', { name: t.changePassword }).click();
  await expect(card).toContainText(ar.validation.passwordsDiffer);
  await card.getByLabel(t.repeatPassword, { exact: true }).fill('newsecret9');
  await card.getByRole('button', { name: t.changePassword }).click();
  await expect(card.getByRole('alert')).toContainText(t.passwordChanged.replace('{count}', '2'));
  await expectAccessible(page, 'security page in Arabic');

  const status = async (password: string) =>
    (await page.request.post('/api/v1/auth/login', { data: { email, password } })).status();
  expect(await status('secret123')).toBe(401);
  expect(await status('newsecret9')).toBe(200);
  const me = await other.context.request.get('/api/v1/users/me', {
    headers: { authorization: `Bearer ${other.token}` },
  });
  expect(me.status()).toBe(401);
  await other.context.close();
});
