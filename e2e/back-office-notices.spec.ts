import { apiPlayer, keepTokens, uniqueEmail } from './auth-helpers';
import { expect, test } from './fixtures';
import { expectAccessible } from './helpers';
import { signedInStaff } from './staff-helpers';

/**
 * The notices room (issue 36): an admin writes a notice in English and German, previews what a
 * German player sees, schedules it a few seconds ahead; it goes out on time and reaches a German
 * player's drawer in German, and the room counts its reach.
 */
test('an admin schedules an English and German notice that reaches a German player in German @phone', async ({
  browser,
  page,
}) => {
  // The player reads the drawer from the header's bell, on a computer; the staff member may be on a phone.
  const player = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const email = uniqueEmail('notice-de');
  await keepTokens(player, await apiPlayer(player.request, email, 'secret123', 'de'));
  await player.goto('/de');
  const bell = player.getByRole('button', { name: 'Benachrichtigungen (0 ungelesen)' });
  await expect(bell).toBeVisible();
  const username = await player.evaluate(async () => {
    const answer = await fetch('/api/v1/users/me', {
      headers: { Authorization: `Bearer ${localStorage.getItem('accessToken')}` },
    });
    return ((await answer.json()) as { data: { name: string } }).data.name;
  });

  await signedInStaff(page, 'admin', 'Ada', 'Admin');
  await page.getByRole('link', { name: 'Notices' }).click();
  await expect(page.getByRole('heading', { name: 'Notices', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New notice' }).click();
  const compose = page.getByRole('dialog', { name: 'New notice' });
  await compose.getByRole('combobox', { name: 'To' }).click();
  await page.getByRole('option', { name: 'One player' }).click();
  await compose.getByRole('textbox', { name: 'Player (member ID or username)' }).fill(username);
  // Nothing goes out without its English title.
  await compose.getByRole('button', { name: 'Publish now' }).click();
  await expect(compose.getByText('Write the English title.')).toBeVisible();
  await compose.getByRole('textbox', { name: 'Title (English)' }).fill('Your weekend bonus');
  await compose
    .getByRole('textbox', { name: 'Message (English)' })
    .fill('A 20% reload waits for you until Sunday');
  await compose.getByRole('tab', { name: 'German' }).click();
  await compose.getByRole('textbox', { name: 'Title (German)' }).fill('Dein Wochenendbonus');
  await compose
    .getByRole('textbox', { name: 'Message (German)' })
    .fill('Ein Reload von 20 % wartet bis Sonntag auf dich');
  const preview = compose.getByRole('region', { name: 'What a player in German sees' });
  await expect(preview.getByRole('note')).toHaveText(
    'Dein Wochenendbonus — Ein Reload von 20 % wartet bis Sonntag auf dich',
  );
  await expectAccessible(page, 'notices room, writing a notice');
  // A few seconds ahead, written in the staff member's own clock.
  const soon = await page.evaluate(() => {
    const at = new Date(Date.now() + 15_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
  });
  await compose.getByLabel('Goes out at').fill(soon);
  await compose.getByRole('button', { name: 'Schedule' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The notice is scheduled.' }),
  ).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('Your weekend bonus');
  await expect(row).toContainText('EN DE');
  await expectAccessible(page, 'notices room, scheduled');

  // It goes out on time, over the socket, in the player's language.
  await expect(
    player.getByRole('button', { name: 'Benachrichtigungen (1 ungelesen)' }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await player.getByRole('button', { name: 'Benachrichtigungen (1 ungelesen)' }).click();
  const drawer = player.getByRole('region', { name: 'Benachrichtigungen' });
  await drawer.getByRole('tab', { name: 'Persönlich (1 ungelesen)' }).click();
  const item = drawer.getByTestId('notice-item').filter({ hasText: 'Dein Wochenendbonus' });
  await expect(item).toContainText('Ein Reload von 20 % wartet bis Sonntag auf dich');
  await expect(drawer).not.toContainText('Your weekend bonus');

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Released' }).click();
  const released = page.getByRole('row').filter({ hasText: username });
  await expect(released.getByRole('gridcell').nth(4)).toHaveText('1');
  await player.close();
});
