import type { Locator, Page } from '@playwright/test';
import { E2E_OPERATOR_TOKEN } from '../playwright.config';
import { signedIn } from './auth-helpers';
import { depositUsdt } from './chain-helpers';
import { expect, test } from './fixtures';
import { expectAccessible } from './helpers';

/*
 * The sportsbook from the demo feed (SPORTS_DEMO_FEED, a fixed seed): a player browses the
 * sections, places a single and a multiple from the slip, and finds both in My bets with the
 * stakes taken from the balance; on a phone the slip is a bottom sheet that survives a reload.
 */

const headerBalance = (page: Page, amount: RegExp) =>
  page.getByRole('button', { name: amount, includeHidden: true });

/** The n-th match of a section's list. */
const match = (page: Page, n: number) => page.getByTestId('sports-event').nth(n);

/** A match's price for one pick, and the decimal it shows. */
async function price(event: Locator, sign: '1' | 'X' | '2') {
  const button = event.getByRole('button', { name: new RegExp(`^${sign} `) });
  const odds = Number(await button.locator('span').last().textContent());
  return { button, odds };
}

const slipDialog = (page: Page) => page.getByRole('dialog', { name: 'Bet slip' });

test('sportsbook: browse the sections, place a single and a multiple, find them in My bets', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const tokens = await signedIn(page, 'sportsbook');
  await depositUsdt(page, { Authorization: `Bearer ${tokens.token}` }, '50', 15);

  await page.goto('/sports?bt-path=%2Fsoccer-1');
  await expect(page.getByRole('heading', { level: 1, name: 'Soccer' })).toBeVisible();
  await expect(headerBalance(page, /^Balance 50\.00 USDT/)).toBeVisible({ timeout: 30_000 });
  await expect(match(page, 0)).toBeVisible();
  await expectAccessible(page, 'soccer section');

  // Every sport section lists its matches; the tab bar keeps it marked.
  const sections = page.getByRole('navigation', { name: 'Sports' });
  for (const name of ['Basketball', 'Tennis', 'Ice hockey', 'Soccer']) {
    await sections.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(sections.getByRole('link', { name, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(match(page, 0)).toBeVisible();
  }

  // Two singles from one slip: the first match's home win (2 USDT) and the fourth's (1 USDT).
  const single = await price(match(page, 0), '1');
  const href = await match(page, 0).getByRole('link').first().getAttribute('href');
  const singleEvent = Number(/-(\d+)$/.exec(decodeURIComponent(href!))![1]);
  const other = await price(match(page, 3), '1');
  await single.button.click();
  await expect(single.button).toHaveAttribute('aria-pressed', 'true');
  await other.button.click();
  await page.getByRole('button', { name: 'Bet slip (2)' }).click();
  const slip = slipDialog(page);
  await expect(slip.getByTestId('slip-selection')).toHaveCount(2);
  const stakes = slip.getByRole('textbox', { name: /^Stake on .* \(USDT\)$/ });
  await stakes.nth(0).fill('2');
  await expect(slip.getByTestId('slip-return')).toHaveText(
    `${Math.floor(2 * single.odds * 100) / 100} USDT`.replace(/\.?0+ USDT$/, ' USDT'),
  );
  await stakes.nth(1).fill('1');
  await expectAccessible(page, 'bet slip');
  await slip.getByRole('button', { name: 'Place 2 bets' }).click();
  await expect(slip.getByText('2 bets placed')).toBeVisible();
  await expect(slip.getByText('Pick odds to add selections to the slip.')).toBeVisible();
  await slip.getByRole('button', { name: 'Close the bet slip' }).click();

  // A multiple: the second match's away win and the third's draw, one stake of 1 USDT.
  const away = await price(match(page, 1), '2');
  const draw = await price(match(page, 2), 'X');
  await away.button.click();
  await draw.button.click();
  await page.getByRole('button', { name: 'Bet slip (2)' }).click();
  await slip.getByRole('tab', { name: 'Multiple' }).click();
  // The product of the two prices, exact to the ten-thousandth.
  const product = Math.round(away.odds * 100) * Math.round(draw.odds * 100);
  await expect(slip.getByTestId('slip-total-odds')).toHaveText(
    (product / 10_000).toFixed(4).replace(/0{1,2}$/, ''),
  );
  await slip.getByRole('textbox', { name: 'Stake (USDT)' }).fill('1');
  await slip.getByRole('button', { name: 'Place bet' }).click();
  await expect(slip.getByText('Bet placed')).toBeVisible();
  await expect(headerBalance(page, /^Balance 46\.00 USDT/)).toBeVisible({ timeout: 15_000 });

  // My bets: all three open, newest first.
  await slip.getByRole('link', { name: 'See My bets' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My bets' })).toBeVisible();
  const bets = page.getByTestId('my-bet');
  await expect(bets).toHaveCount(3);
  await expect(bets.nth(0)).toContainText('Multiple · 2 legs');
  await expect(bets.filter({ hasText: 'Stake2.00 USDT' })).toContainText('Single');
  await expectAccessible(page, 'my bets');
  await page.getByRole('tab', { name: 'Settled' }).click();
  await expect(page.getByText('No bets here yet.')).toBeVisible();

  // The operator enters the single's result (the match won at home): it is paid, and moves to
  // Settled with what it returned.
  const entered = await page.request.post(`/api/v1/operator/sports/events/${singleEvent}/result`, {
    headers: { Authorization: `Bearer ${E2E_OPERATOR_TOKEN}` },
    data: { regulation: { home: 2, away: 0 } },
  });
  expect(entered.status()).toBe(200);
  const paid = Math.floor(2 * single.odds * 100) / 100;
  await expect(
    headerBalance(page, new RegExp(`^Balance ${(46 + paid).toFixed(2)} USDT`)),
  ).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await page.getByRole('tab', { name: 'Settled' }).click();
  await expect(bets).toHaveCount(1);
  await expect(bets.nth(0)).toContainText('Won');
  await expect(bets.nth(0)).toContainText(`Returned${paid.toFixed(2)} USDT`);

  // The other single is cashed out at the book's offer: it leaves Open for Settled.
  await page.getByRole('tab', { name: 'Open' }).click();
  await expect(bets).toHaveCount(2);
  const cashOut = bets.getByRole('button', { name: /^Cash out [\d.]+ USDT$/ });
  const offer = Number(/([\d.]+) USDT/.exec((await cashOut.textContent())!)![1]);
  expect(offer).toBeGreaterThan(0);
  await cashOut.click();
  await expect(bets).toHaveCount(1);
  await expect(
    // The header shows every decimal the balance has (two at least).
    headerBalance(
      page,
      new RegExp(
        `^Balance ${(Math.floor((46 + paid + offer) * 100 + 1e-6) / 100).toFixed(2)}\\d* USDT`,
      ),
    ),
  ).toBeVisible({ timeout: 15_000 });
  await page.getByRole('tab', { name: 'Settled' }).click();
  await expect(bets.filter({ hasText: 'Cashed out' })).toHaveCount(1);
});

test('sportsbook on a phone: the slip is a bottom sheet that survives a reload, and asks a guest to sign in @phone-only', async ({
  page,
}) => {
  await page.goto('/sports?bt-path=%2Ftennis-5');
  await expect(page.getByRole('heading', { level: 1, name: 'Tennis' })).toBeVisible();
  const pick = await price(match(page, 0), '2');
  await pick.button.click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Bet slip (1)' })).toBeVisible();
  await page.getByRole('button', { name: 'Bet slip (1)' }).click();
  const slip = slipDialog(page);
  await expect(slip.getByTestId('slip-selection')).toHaveCount(1);
  // A sheet from the bottom edge, the page's width.
  const box = (await slip.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(Math.round(box.y + box.height)).toBe(viewport.height);
  expect(Math.round(box.width)).toBe(viewport.width);
  await expectAccessible(page, 'bet slip on a phone');
  await slip.getByRole('button', { name: 'Sign in to place bets' }).click();
  await expect(page.getByRole('dialog', { name: /sign in/i })).toBeVisible();
});
