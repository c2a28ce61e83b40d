import ar from '../messages/ar.json';
import { apiPlayer, keepTokens, signInByEmail, signedIn, uniqueEmail } from './auth-helpers';
import { expect, test } from './fixtures';
import { expectAccessible, pickOption } from './helpers';

/**
 * Player protection (issue 17): limits set from the page (a lower one at once, a higher one after
 * 24 hours), the reality check after N minutes (the page's clock), a time-out that signs the player
 * out and leaves only a restricted session that can withdraw, the data export and closure — in
 * English and Arabic, axe-clean.
 */

test('limits: a first limit applies at once, a higher one waits 24 hours', async ({ page }) => {
  await signedIn(page, 'limits');
  await page.goto('/account-management/player-protection');
  const card = page.getByRole('region', { name: 'Deposit, loss and wager limits' });
  await expect(card.getByText('You have no limits yet.')).toBeVisible();
  await expectAccessible(page, 'player protection page');

  const amount = card.getByRole('textbox', { name: 'Amount (USD)' });
  await amount.fill('12.5');
  await card.getByRole('button', { name: 'Set limit' }).click();
  await expect(card.getByText('Enter whole US dollars from 1 to 10,000,000')).toBeVisible();

  await pickOption(page, card.getByRole('combobox', { name: 'Limit' }), 'Loss', { exact: true });
  await pickOption(page, card.getByRole('combobox', { name: 'Period' }), '7 days');
  await amount.fill('200');
  await card.getByRole('button', { name: 'Set limit' }).click();
  await expect(card.getByRole('alert')).toHaveText('Your limit is in force now.');
  const row = card.getByRole('row', { name: /Loss 7 days/ });
  await expect(row).toContainText('$200.00');

  await amount.fill('500');
  await card.getByRole('button', { name: 'Set limit' }).click();
  await expect(card.getByRole('alert')).toHaveText(
    'Your change takes effect in 24 hours; until then your current limit holds.',
  );
  await expect(row).toContainText('$200.00');
  await expect(row).toContainText('Rises to $500.00 on');
  await page.reload();
  await expect(page.getByRole('row', { name: /Loss 7 days/ })).toContainText('Rises to $500.00');
});

test('the reality check appears after the chosen minutes and can be answered', async ({ page }) => {
  await page.clock.install();
  await signedIn(page, 'reality');
  await page.goto('/account-management/player-protection');
  const card = page.getByRole('region', { name: 'Reality check' });
  await pickOption(page, card.getByRole('combobox', { name: 'Remind me' }), 'Every 15 minutes');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByRole('alert')).toHaveText('Your reality check is saved.');

  await page.goto('/casino');
  const check = page.getByRole('dialog', { name: 'Reality check' });
  await page.clock.fastForward('14:00');
  await expect(check).toBeHidden();
  await page.clock.fastForward('01:05');
  await expect(check).toBeVisible();
  await expect(check).toContainText('You have been playing for 0 h 15 min.');
  await expect(check).toContainText('you wagered $0.00');
  await expectAccessible(page, 'reality check');
  await check.getByRole('button', { name: 'Keep playing' }).click();
  await expect(check).toBeHidden();
  // A reload keeps the rhythm: the next check is at 30 minutes, not at once.
  await page.reload();
  await page.clock.fastForward('05:00');
  await expect(check).toBeHidden();
  await page.clock.fastForward('10:30');
  await expect(check).toBeVisible();
  await check.getByRole('button', { name: 'Stop and sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign up' }).first()).toBeVisible();
});

test('a time-out signs the player out; signing in again opens only the wallet to withdraw', async ({
  page,
}) => {
  const email = uniqueEmail('timeout');
  await apiPlayer(page.request, email);
  await page.goto('/?modal=auth&tab=1');
  await signInByEmail(page, email, 'secret123');
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
  // From the footer, as a player finds it.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Player protection' }).click();
  await expect(page).toHaveURL(/\/account-management\/player-protection$/);
  const card = page.getByRole('region', { name: 'Take a break' });
  await pickOption(page, card.getByRole('combobox', { name: 'How long' }), '3 days');
  await card.getByRole('button', { name: 'Start time-out' }).click();
  const confirm = page.getByRole('dialog', { name: 'Start a time-out?' });
  await expect(confirm).toContainText('For 3 days you will not be able to play or deposit.');
  await confirm.getByRole('button', { name: 'Yes, start now' }).click();
  await expect(page.getByText(/Your time-out has started and ends on/)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeHidden();

  // Signing in again: a restricted session, told so, with the wallet open on withdrawals only.
  await page.goto('/?modal=auth&tab=1');
  await signInByEmail(page, email, 'secret123');
  const notice = page.getByTestId('restriction-notice');
  await expect(notice).toContainText('You are on a time-out');
  await expect(notice).toContainText('You can still see your balance and withdraw it.');
  await expectAccessible(page, 'restricted session');
  await notice.getByRole('link', { name: 'Withdraw' }).click();
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  await expect(wallet.getByRole('tab', { name: 'Deposit' })).toBeDisabled();
  await expect(wallet.getByRole('tab', { name: 'Withdraw' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // The platform refuses what the page does not offer.
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const address = await page.request.get(
    '/api/v1/wallet/deposit-address?currency=USDT&network=ethereum',
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(address.status()).toBe(403);
});

test('in Arabic: the data export downloads, and closing the account signs the player out', async ({
  page,
}) => {
  const email = uniqueEmail('close-ar');
  const tokens = await apiPlayer(page.request, email, 'secret123', 'ar');
  await keepTokens(page, tokens);
  await page.goto('/ar/account-management/player-protection');
  const t = ar.protection;
  const card = page.getByRole('region', { name: t.data.title });
  await expect(card).toBeVisible();
  await expectAccessible(page, 'player protection in Arabic');
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: t.data.export }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^account-\d+-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(
    await (await file.createReadStream()).toArray().then((c) => Buffer.concat(c).toString()),
  ) as { account: { email: string } };
  expect(exported.account.email).toBe(email);

  const close = card.getByRole('button', { name: t.data.close, exact: true });
  await expect(close).toBeDisabled();
  await card.getByLabel(t.data.password).fill('secret123');
  await card.getByRole('checkbox', { name: t.data.understand }).check();
  await close.click();
  await expect(page.getByText(t.data.closed)).toBeVisible();
  await expect(page).toHaveURL(/\/ar$/);
  await expect(page.getByRole('link', { name: ar.auth.signIn }).first()).toBeVisible();
});
