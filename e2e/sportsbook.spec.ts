import type { Locator, Page } from '@playwright/test';
import { E2E_OPERATOR_TOKEN } from '../playwright.config';
import type { SportsBet, SportsEvent } from '../lib/schemas/sportsbook';
import { apiPlayer, signedIn, uniqueEmail } from './auth-helpers';
import { depositUsdt } from './chain-helpers';
import { expect, test } from './fixtures';
import { expectAccessible } from './helpers';
import { signedInStaff } from './staff-helpers';

/*
 * The sportsbook from the demo feed (SPORTS_DEMO_FEED, a fixed seed): a player browses the
 * sections, places a single and a multiple from the slip, and finds both in My bets with the
 * stakes taken from the balance; on a phone the slip is a bottom sheet that survives a reload.
 */

const headerBalance = (page: Page, amount: RegExp) =>
  page.getByRole('button', { name: amount, includeHidden: true });

/**
 * The n-th match of a section's list that starts in a quarter of an hour or more: none of them
 * kicks off (and changes its prices) while the test bets on it.
 */
async function laterMatch(page: Page, n: number) {
  const rows = page.getByTestId('sports-event');
  await expect(rows.first()).toBeVisible();
  const starts = await rows
    .locator('time')
    .evaluateAll((times) => times.map((t) => Date.parse(t.getAttribute('datetime')!)));
  const later = starts.flatMap((at, i) => (at > Date.now() + 15 * 60_000 ? [i] : []));
  return rows.nth(later[n]!);
}

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
  await expect(page.getByTestId('sports-event').first()).toBeVisible();
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
    await expect(page.getByTestId('sports-event').first()).toBeVisible();
  }

  // Two singles from one slip: the first match's home win (2 USDT) and the fourth's (1 USDT).
  const first = await laterMatch(page, 0);
  const single = await price(first, '1');
  const href = await first.getByRole('link').first().getAttribute('href');
  const singleEvent = Number(/-(\d+)$/.exec(decodeURIComponent(href!))![1]);
  const other = await price(await laterMatch(page, 3), '1');
  await single.button.click();
  await expect(single.button).toHaveAttribute('aria-pressed', 'true');
  await other.button.click();
  await page.getByRole('button', { name: 'Bet slip (2)' }).click();
  const slip = slipDialog(page);
  await expect(slip.getByTestId('slip-selection')).toHaveCount(2);
  const stakes = slip.getByRole('textbox', { name: /^Stake on .* \(USDT\)$/ });
  await stakes.nth(0).fill('2');
  // In whole cents from the price in ten-thousandths (2 × 4.14 × 100 is 827.99… in floating point).
  const cents = Math.floor((2 * Math.round(single.odds * 10_000)) / 100);
  await expect(slip.getByTestId('slip-return')).toHaveText(`${cents / 100} USDT`);
  await stakes.nth(1).fill('1');
  await expectAccessible(page, 'bet slip');
  await slip.getByRole('button', { name: 'Place 2 bets' }).click();
  await expect(slip.getByText('2 bets placed')).toBeVisible();
  await expect(slip.getByText('Pick odds to add selections to the slip.')).toBeVisible();
  await slip.getByRole('button', { name: 'Close the bet slip' }).click();

  // A multiple: the second match's away win and the third's draw, one stake of 1 USDT.
  const away = await price(await laterMatch(page, 1), '2');
  const draw = await price(await laterMatch(page, 2), 'X');
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
  const paid = cents / 100;
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
  const pick = await price(page.getByTestId('sports-event').first(), '2');
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

test('sportsbook in play: a live match’s odds move, a live bet is taken, and the result pays it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tokens = await signedIn(page, 'sportsbook-live');
  await depositUsdt(page, { Authorization: `Bearer ${tokens.token}` }, '20', 16);

  await page.goto('/sports?bt-path=%2Flive');
  await expect(page.getByRole('heading', { level: 1, name: 'Live' })).toBeVisible();
  await expect(headerBalance(page, /^Balance 20\.00 USDT/)).toBeVisible({ timeout: 30_000 });
  // The demo keeps a match in play in every sport: soccer's is the one with a 1X2.
  const live = page
    .getByTestId('sports-event')
    .filter({ has: page.getByRole('button', { name: /^X / }) });
  await expect(live.first()).toBeVisible({ timeout: 20_000 });
  await expect(live.first().getByTestId('in-play')).toHaveText(/^Live · \d+–\d+ · \d+′$/);
  await expectAccessible(page, 'live section');
  await live.first().getByRole('link').first().click();
  await expect(page.getByTestId('sports-event-markets')).toBeVisible();
  const markets = page.getByTestId('sports-event-markets');
  const prices = async () =>
    (await markets.getByRole('button').locator('span:last-child').allTextContents()).join(' ');
  // The prices move over the socket as the match goes on.
  const before = await prices();
  await expect.poll(prices, { timeout: 30_000 }).not.toBe(before);

  // A live bet, whatever the price after the delay.
  const home = markets.getByRole('button').first();
  await expect(home).toBeEnabled({ timeout: 20_000 });
  await home.click();
  await page.getByRole('button', { name: 'Bet slip (1)' }).click();
  const slip = slipDialog(page);
  await slip.getByRole('textbox', { name: /^Stake on .* \(USDT\)$/ }).fill('5');
  await slip.getByRole('combobox', { name: 'When the odds change' }).click();
  await page.getByRole('option', { name: 'Accept any odds' }).click();
  await slip.getByRole('button', { name: 'Place bet' }).click();
  await expect(slip.getByText('Bet placed')).toBeVisible({ timeout: 15_000 });
  await expect(headerBalance(page, /^Balance 15\.00 USDT/)).toBeVisible({ timeout: 15_000 });

  // The match is fast-forwarded to its end by a result: home won, the bet is paid.
  const id = Number(/-(\d+)$/.exec(decodeURIComponent(page.url()))![1]);
  const entered = await page.request.post(`/api/v1/operator/sports/events/${id}/result`, {
    headers: { Authorization: `Bearer ${E2E_OPERATOR_TOKEN}` },
    data: { regulation: { home: 9, away: 0 } },
  });
  expect(entered.status()).toBe(200);
  await slip.getByRole('link', { name: 'See My bets' }).click();
  await page.getByRole('tab', { name: 'Settled' }).click();
  const bet = page.getByTestId('my-bet');
  await expect(bet).toHaveCount(1, { timeout: 15_000 });
  await expect(bet).toContainText('Live');
  await expect(bet).toContainText('Won');
});

test('sportsbook: a risk officer suspends, reopens and voids an event in the settlement room; a resettlement approved by an admin pays the draw', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const player = await apiPlayer(page.request, uniqueEmail('void-bettor'));
  const auth = { Authorization: `Bearer ${player.token}` };
  await depositUsdt(page, auth, '10', 17);
  // Credited once the deposit is confirmed.
  await expect
    .poll(
      async () =>
        JSON.stringify(
          await (await page.request.get('/api/v1/wallet/balances', { headers: auth })).json(),
        ),
      { timeout: 30_000 },
    )
    .toContain('10.000000');
  // The latest soccer match listed: far from its start, nobody else bets on it.
  const { data: events } = await (
    await page.request.get('/api/v1/sports/events?sport=soccer')
  ).json();
  const event = (events as SportsEvent[]).at(-1)!;
  const x12 = event.markets[0]!;
  const placed = await page.request.post('/api/v1/sports/bets', {
    headers: auth,
    data: {
      currency: 'USDT',
      amount: '3',
      oddsRule: 'any',
      idempotencyKey: `void-e2e-${event.id}`,
      selections: [{ marketId: x12.id, outcome: 'draw', odds: x12.outcomes[1]!.odds }],
    },
  });
  expect(placed.status()).toBe(200);

  await signedInStaff(page, 'risk', 'Vera', 'Risk');
  await page.getByRole('link', { name: 'Settlement' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settlement' })).toBeVisible();
  const match = `${event.home} vs ${event.away}`;
  // Suspended: the match takes no bet until reopened; then one market alone.
  await page.getByRole('button', { name: `Suspend ${match}` }).click();
  await expect(page.getByText(`${match} is suspended: it takes no bets.`)).toBeVisible();
  const refused = await page.request.post('/api/v1/sports/bets', {
    headers: auth,
    data: {
      currency: 'USDT',
      amount: '1',
      oddsRule: 'any',
      idempotencyKey: `suspended-e2e-${event.id}`,
      selections: [{ marketId: x12.id, outcome: 'home', odds: x12.outcomes[0]!.odds }],
    },
  });
  expect(refused.status()).toBe(409);
  await page.getByRole('button', { name: `Reopen ${match}` }).click();
  await expect(page.getByText(`${match} takes bets again.`)).toBeVisible();
  await page.getByRole('button', { name: `Markets of ${match}` }).click();
  const markets = page.getByRole('dialog', {
    name: `Markets of ${match}: switch one off to suspend it`,
  });
  const result = markets.getByRole('switch', { name: 'Match result · regulation time' });
  await expect(result).toBeChecked();
  await expectAccessible(page, 'settlement room, markets');
  await result.click();
  await expect(page.getByText(`A market of ${match} is suspended.`)).toBeVisible();
  await expect(result).not.toBeChecked();
  await markets.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: `Void ${match}` }).click();
  const dialog = page.getByRole('dialog', {
    name: `Void ${match}? Every stake on it is returned.`,
  });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Postponed by the league');
  await expectAccessible(page, 'settlement room');
  await dialog.getByRole('button', { name: 'Void' }).click();
  await expect(page.getByText(`${match} is void: its stakes are being returned.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Void ${match}` })).toHaveCount(0);

  // The player's stake is back, the bet settled void.
  await expect
    .poll(
      async () => {
        const { data } = await (
          await page.request.get('/api/v1/sports/bets?state=settled', { headers: auth })
        ).json();
        return (data as { bets: SportsBet[] }).bets.map((b) => `${b.state} ${b.payout}`);
      },
      { timeout: 15_000 },
    )
    .toEqual(['settled 3.000000']);

  // The league's result arrives after all: 0–0. The void paid the stake back, so a second staff
  // member approves the correction.
  await page.getByRole('tab', { name: 'Closed events' }).click();
  await page.getByRole('button', { name: `Resettle ${match}` }).click();
  const correcting = page.getByRole('dialog', { name: `Resettle ${match} (now Void)` });
  await correcting.getByRole('textbox', { name: 'Home' }).fill('0');
  await correcting.getByRole('textbox', { name: 'Away' }).fill('0');
  await correcting.getByRole('textbox', { name: 'Reason' }).fill('Played after all: 0–0');
  await expectAccessible(page, 'settlement room, closed events');
  await correcting.getByRole('button', { name: 'Resettle' }).click();
  await expect(
    page.getByText(`${match}: the resettlement waits for a second staff member’s approval.`),
  ).toBeVisible();

  // The book's settings: a sport's live limits opened and saved as they are (nothing else moves).
  await page.getByRole('tab', { name: 'Prices and limits' }).click();
  await page.getByRole('button', { name: 'Edit Baseball, Live' }).click();
  const book = page.getByRole('dialog', { name: 'Baseball, Live: margin and limits' });
  await expect(book.getByRole('textbox', { name: 'Margin (%)' })).toHaveValue('6.5');
  await expectAccessible(page, 'settlement room, prices and limits');
  await book.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Baseball, Live: saved.')).toBeVisible();
  await expect(
    page.getByRole('row').filter({ hasText: 'Baseball' }).filter({ hasText: 'Vera' }),
  ).toHaveCount(1);

  await signedInStaff(page, 'admin', 'Ada', 'Admin');
  await page.getByRole('navigation', { name: 'Rooms' }).getByRole('link', { name: 'Risk' }).click();
  const request = page
    .getByRole('row')
    .filter({ hasText: `Resettle ${event.home} – ${event.away}` });
  await expect(request).toContainText('to 0–0: Played after all: 0–0');
  await request
    .getByRole('button', { name: `Approve the request for ${event.home} – ${event.away}` })
    .click();
  await expect(
    page.getByText(`Approved: the bets on ${event.home} – ${event.away} are being settled again.`),
  ).toBeVisible();
  // The draw at the bet's own price: 3 USDT × its odds (× 10⁴), floored to the micro-unit.
  await expect
    .poll(
      async () => {
        const { data } = await (
          await page.request.get('/api/v1/sports/bets?state=settled', { headers: auth })
        ).json();
        return (data as { bets: SportsBet[] }).bets.map(
          (b) => Math.round(Number(b.payout) * 1e6) === Math.floor(300 * b.odds),
        );
      },
      { timeout: 15_000 },
    )
    .toEqual([true]);
});
