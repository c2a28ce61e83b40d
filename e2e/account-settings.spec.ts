import type { Browser } from '@playwright/test';
import ar from '../messages/ar.json';
import { apiPlayer, uniqueEmail } from './auth-helpers';
import { expect, test } from './fixtures';
import { expectAccessible } from './helpers';

/**
 * The settings page (issue 17): privacy and marketing consent saved to the account, and display
 * settings that follow the player to another device; in English and Arabic, axe-clean.
 */

/** A browser signed in as the player (tokens in localStorage, as the site keeps them). */
async function device(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL });
  const login = await context.request.post('/api/v1/auth/login', {
    data: { email, password: 'secret123' },
  });
  const tokens = (await login.json()).data as { token: string; getStreamToken: string };
  await context.addInitScript((t) => {
    localStorage.setItem('accessToken', t.token);
    localStorage.setItem('getStreamToken', t.getStreamToken);
  }, tokens);
  return { context, page: await context.newPage() };
}

test('privacy and marketing consent are saved to the account', async ({ browser, baseURL }) => {
  const email = uniqueEmail('settings');
  const { request } = await browser.newContext({ baseURL });
  await apiPlayer(request, email);
  const { context, page } = await device(browser, baseURL!, email);
  await page.goto('/account-management/settings');
  const form = page.getByRole('region', { name: 'Preferences' });
  const hide = form.getByRole('switch', {
    name: 'Hide my name in public bet feeds and leaderboards once they open',
  });
  await expect(hide).not.toBeChecked();
  await hide.check();
  await form.getByRole('switch', { name: 'Send me offers by email' }).check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText('Your settings have been saved.');
  await expectAccessible(page, 'settings page');
  await page.reload();
  await expect(form.getByRole('switch', { name: /Hide my name/ })).toBeChecked();
  await expect(form.getByRole('switch', { name: 'Send me offers by email' })).toBeChecked();
  await expect(form.getByRole('switch', { name: 'Send me offers by SMS' })).not.toBeChecked();
  await context.close();
});

test('display settings follow an Arabic-speaking player to another device', async ({
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('display-ar');
  const { request } = await browser.newContext({ baseURL });
  await apiPlayer(request, email, 'secret123', 'ar');

  const a = await device(browser, baseURL!, email);
  await a.page.goto('/ar/account-management/settings');
  await expect(a.page.getByRole('region', { name: ar.accountSettings.title })).toBeVisible();
  await expectAccessible(a.page, 'settings page in Arabic');
  // Light mode, from the display settings drawer, on device A.
  await a.page.getByRole('button', { name: ar.header.openSettings }).click();
  await a.page.getByRole('button', { name: ar.settings.light, exact: true }).click();
  await a.page.keyboard.press('Escape');
  await expect(a.page.locator('html')).toHaveAttribute('data-mui-color-scheme', 'light');
  await expect
    .poll(async () => {
      const me = await a.context.request.get('/api/v1/users/profile', {
        headers: {
          authorization: `Bearer ${await a.page.evaluate(() => localStorage.getItem('accessToken'))}`,
        },
      });
      return (await me.json()).data.settings.display?.themeMode;
    })
    .toBe('light');
  await a.context.close();

  // Device B, whose own cookie says nothing: the account's light mode is applied after sign-in.
  const b = await device(browser, baseURL!, email);
  await b.page.goto('/ar');
  await expect(b.page.locator('html')).toHaveAttribute('data-mui-color-scheme', 'light');
  await b.context.close();
});
