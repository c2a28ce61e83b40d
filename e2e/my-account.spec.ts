import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import ar from '../messages/ar.json';
import { apiPlayer, keepTokens, codeFor, uniqueEmail } from './auth-helpers';
import { expect, test } from './fixtures';
import { expectAccessible, pickOption } from './helpers';

/**
 * My account (issue 17): the avatar uploaded and shown, the username changed, and an email change
 * that needs the password and the code sent to the new address — undone from the old address's
 * link, which signs every session out. In English and Arabic, axe-clean.
 */

/** The undo link the development outbox holds for the old address. */
async function undoLink(request: APIRequestContext, recipient: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get('/api/v1/dev/outbox').then((r) => r.json());
      const message = (answer.data as { recipient: string; body: string }[]).find(
        (m) => m.recipient === recipient && m.body.includes('account-recovery'),
      );
      link = message?.body.match(/https?:\/\/\S+account-recovery\?token=[\w-]+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return new URL(link!).pathname + new URL(link!).search;
}

test('avatar and username', async ({ page }) => {
  const email = uniqueEmail('profile');
  const tokens = await apiPlayer(page.request, email);
  await keepTokens(page, tokens);
  await page.goto('/account-management/my-account');
  await expect(page.getByTestId('profile-summary')).toContainText('Member since');
  await expectAccessible(page, 'my account');

  const avatar = page.getByRole('region', { name: 'Avatar' });
  const picture = await sharp({
    create: { width: 400, height: 300, channels: 3, background: '#e0a030' },
  })
    .png()
    .toBuffer();
  await avatar
    .getByLabel('Upload a picture')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
  await expect(avatar.getByRole('alert')).toHaveText('Your avatar is saved.');
  const img = avatar.getByRole('img', { name: /^Avatar of / });
  await expect(img).toHaveAttribute('src', /^\/api\/v1\/avatars\/[a-f0-9]{32}\.webp\?size=128$/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(128);

  // A text file named like a picture is refused with the platform's message.
  await avatar.getByLabel('Upload a picture').setInputFiles({
    name: 'evil.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<script>alert(1)</script>'),
  });
  await expect(avatar.getByRole('alert')).toContainText('This file type is not accepted.');

  const names = page.getByRole('region', { name: 'Username' });
  const field = names.getByRole('textbox', { name: 'Username' });
  await field.fill('no spaces allowed');
  await names.getByRole('button', { name: 'Save username' }).click();
  await expect(names.getByText('Use 3 to 20 letters, digits or underscores')).toBeVisible();
  const chosen = `Ace_${Date.now().toString(36)}`.slice(0, 20);
  await field.fill(chosen);
  await names.getByRole('button', { name: 'Save username' }).click();
  await expect(names.getByRole('alert')).toHaveText('Your username is saved.');
  await expect(page.getByRole('button', { name: `Account menu for ${chosen}` })).toBeVisible();
});

test('an email change needs the password and the new address’s code; the old address undoes it', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('contact');
  const next = uniqueEmail('contact-new');
  const tokens = await apiPlayer(page.request, email);
  await keepTokens(page, tokens);
  await page.goto('/account-management/my-account');
  const card = page.getByRole('region', { name: 'Email and phone' });
  await pickOption(page, card.getByRole('combobox', { name: 'What to change' }), 'Email', {
    exact: true,
  });
  await card.getByRole('textbox', { name: 'New email' }).fill(next);
  await card.getByLabel('Current password').fill('wrong-pass1');
  await card.getByRole('button', { name: 'Send code' }).click();
  await expect(card.getByRole('alert')).toContainText('password');
  await card.getByLabel('Current password').fill('secret123');
  await card.getByRole('button', { name: 'Send code' }).click();
  await expect(card.getByText(`We sent a code to ${next}.`)).toBeVisible();
  await card.getByRole('textbox', { name: 'Code' }).fill(await codeFor(page.request, next));
  await card.getByRole('button', { name: 'Confirm change' }).click();
  await expect(card.getByRole('alert')).toHaveText('Your email is changed.');
  await expect(page.getByTestId('profile-summary')).toContainText(next);
  await expectAccessible(page, 'my account after an email change');

  // The old address's link, opened where the player reads their mail.
  const mail = await browser.newContext({ baseURL });
  const recovery = await mail.newPage();
  await recovery.goto(await undoLink(page.request, email));
  await expect(
    recovery.getByRole('heading', { name: 'Undo a change to your account' }),
  ).toBeVisible();
  await expectAccessible(recovery, 'account recovery');
  await recovery.getByRole('button', { name: 'Undo the change' }).click();
  await expect(recovery.getByRole('main').getByRole('alert')).toContainText(
    `your account uses ${email} again`,
  );
  await mail.close();
  // Every session ended: the player's page signs out.
  await page.reload();
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeHidden();
});

test('in Arabic: my account, with the username changed', async ({ page }) => {
  const tokens = await apiPlayer(page.request, uniqueEmail('profile-ar'), 'secret123', 'ar');
  await keepTokens(page, tokens);
  await page.goto('/ar/account-management/my-account');
  const t = ar.myAccount;
  const names = page.getByRole('region', { name: t.usernameTitle });
  await expect(names).toBeVisible();
  await expectAccessible(page, 'my account in Arabic');
  await names
    .getByRole('textbox', { name: t.username })
    .fill(`Najm_${Date.now().toString(36)}`.slice(0, 20));
  await names.getByRole('button', { name: t.usernameSave }).click();
  await expect(names.getByRole('alert')).toHaveText(t.usernameSaved);
});
