import { E2E_OPERATOR_TOKEN } from '../playwright.config';
import { apiPlayer, uniqueEmail } from './auth-helpers';
import { expect, test } from './fixtures';
import { expectAccessible } from './helpers';
import { signedInStaff } from './staff-helpers';

/**
 * The risk room (issue 36): a manual adjustment waits for a second pair of eyes (the e2e server
 * has only the indicative rates, so every one waits); a risk officer approves it from the room and
 * the player's balance moves; two accounts signing in from one browser are flagged, and the
 * officer closes the flag with a note.
 */

const operator = { Authorization: `Bearer ${E2E_OPERATOR_TOKEN}` };

test('risk approves a waiting adjustment and closes a flag from the risk room @phone', async ({
  browser,
  page,
}) => {
  // Two players signing in from one browser: the second shares the first's device.
  const players = await browser.newContext();
  const emails = [uniqueEmail('risk-a'), uniqueEmail('risk-b')];
  for (const email of emails) {
    await apiPlayer(players.request, email);
    const signIn = await players.request.post('/api/v1/auth/login', {
      data: { email, password: 'secret123' },
    });
    expect(signIn.status()).toBe(200);
  }
  const last = await players.request.post('/api/v1/auth/login', {
    data: { email: emails[1], password: 'secret123' },
  });
  const { token } = ((await last.json()) as { data: { token: string } }).data;
  const me = (await (
    await players.request.get('/api/v1/users/me', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { data: { _id: string; name: string } };
  const username = me.data.name;
  await players.close();

  const asked = await page.request.post('/api/v1/operator/adjustments', {
    headers: operator,
    data: {
      userId: me.data._id,
      currency: 'USDT',
      amount: '25',
      reason: 'goodwill after a support ticket',
      idempotencyKey: `e2e-risk-${me.data._id}`,
    },
  });
  expect(((await asked.json()) as { data: { status: string } }).data.status).toBe('pending');

  await signedInStaff(page, 'risk', 'Rita', 'Risk');
  // The overview counts what waits for risk; its tile opens the room.
  await page.getByTestId('queue-approvals').getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Risk', level: 1 })).toBeVisible();
  const request = page.getByRole('row').filter({ hasText: username });
  await expect(request).toContainText('+25 USDT: goodwill after a support ticket');
  await expectAccessible(page, 'risk room approvals');
  await request.getByRole('button', { name: `Approve the request for ${username}` }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: `Approved: the adjustment for ${username} is posted.` }),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: username })).toHaveCount(0);
  const balances = await page.request.get('/api/v1/wallet/balances', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(JSON.stringify(await balances.json())).toContain('25.000000');

  await page.getByRole('tab', { name: 'Flags' }).click();
  await page.getByRole('combobox', { name: 'Signal' }).click();
  await page.getByRole('option', { name: 'Device shared with another account' }).click();
  const flag = page
    .getByRole('row')
    .filter({ hasText: username })
    .filter({ hasText: 'Device shared with another account' });
  await expect(page.getByRole('row').filter({ hasText: 'Sign-in IP shared' })).toHaveCount(0);
  await expect(flag).toBeVisible();
  await expectAccessible(page, 'risk room flags');
  await flag
    .getByRole('button', {
      name: `Close the flag “Device shared with another account” on ${username}`,
    })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Note' }).fill('same household, documents match');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `The flag on ${username} is closed.` }),
  ).toBeVisible();
  await expect(flag).toHaveCount(0);

  // From the player's page, risk sets a deposit limit tighter than the player's (none).
  await page
    .getByRole('navigation', { name: 'Rooms' })
    .getByRole('link', { name: 'Players' })
    .click();
  await page.getByRole('textbox', { name: 'Search for' }).fill(username);
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('link', { name: username }).click();
  await page.getByRole('button', { name: 'Tighten a limit' }).click();
  const limit = page.getByRole('dialog', { name: `A limit for ${username}` });
  await limit.getByRole('textbox', { name: 'Amount in USD' }).fill('100');
  await limit.getByRole('textbox', { name: 'Reason' }).fill('affordability review');
  await limit.getByRole('button', { name: 'Set limit' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: `The limit of ${username} is set.` }),
  ).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Limits' }).getByRole('row').filter({ hasText: 'Deposits' }),
  ).toContainText('100 USD');
  await expectAccessible(page, 'player page as risk');
});
