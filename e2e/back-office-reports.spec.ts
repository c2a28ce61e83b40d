import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { expectAccessible } from './helpers';
import { signedInStaff } from './staff-helpers';

/**
 * The reports room (issue 36): the payments team reads the day's figures under their printed
 * definitions, drawn and listed, and takes the range away as the server's CSV.
 */
test('payments reads the reports room and downloads the range as CSV @phone', async ({ page }) => {
  await signedInStaff(page, 'payments', 'Paz', 'Payments');
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'How the figures are made' })).toContainText(
    'NGR (net gaming revenue) = GGR − bonus cost.',
  );
  const today = new Date().toISOString().slice(0, 10);
  const days = page.getByRole('table', { name: 'Figures by day' });
  const todayName = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(),
  );
  await expect(days.getByRole('rowheader', { name: todayName })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'GGR, bonus cost and NGR by day' })).toBeVisible();
  await expectAccessible(page, 'reports room');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'CSV by day' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^report-days-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = await readFile((await file.path())!, 'utf8');
  const [header, ...rows] = csv.trimEnd().split('\r\n');
  expect(header).toContain('"day","ggr_casino_usd"');
  expect(rows).toHaveLength(30);
  expect(rows.at(-1)).toMatch(new RegExp(`^"${today}"`));
});
