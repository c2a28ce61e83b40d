import type { Page } from '@playwright/test';
import { signedIn } from './auth-helpers';
import { depositUsdt } from './chain-helpers';
import { expect, test } from './fixtures';
import { expectAccessible } from './helpers';

const status = (page: Page) => page.getByTestId('crash-status');

/** A player on the Crash page with 20 test USDT, deposited from chain wallet `from`. */
async function player(page: Page, label: string, from: number) {
  const tokens = await signedIn(page, label);
  await depositUsdt(page, { Authorization: `Bearer ${tokens.token}` }, '20', from);
  await page.goto('/x-games/crash');
  await expect(page.getByRole('heading', { level: 1, name: 'Crash' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Balance 20\.00 USDT/ })).toBeVisible({
    timeout: 30_000,
  });
}

async function bet(page: Page) {
  await page.getByRole('textbox', { name: 'Bet amount' }).fill('1');
  await page.getByRole('button', { name: 'Bet', exact: true }).click();
  await expect(status(page)).toContainText('your bet is in');
}

test('crash: two players in one round, one cashes out and one busts, and the round verifies', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const other = await (await browser.newContext()).newPage();
  await player(page, 'crash-a', 12);
  await player(other, 'crash-b', 13);
  // Guests watch too: the lobby lists Crash with its RTP.
  await expectAccessible(page, 'crash before a round');

  // Until a round where the first player's cash-out lands before the crash (a round that crashes
  // within a moment of its start leaves no time: the next round is tried).
  let cashed = false;
  for (let round = 0; round < 4 && !cashed; round++) {
    await expect(status(page)).toContainText('taking bets', { timeout: 60_000 });
    await expect(status(other)).toContainText('taking bets');
    // Both at once: one after the other, the second could miss the window and land in the next round.
    await Promise.all([bet(page), bet(other)]);
    await expect(page.getByTestId('crash-player')).toHaveCount(2);
    const cashOut = page.getByRole('button', { name: /^Cash out / });
    // A round that crashes at once (at 1.14× it lasts a fraction of a second) can take the button
    // away before or while it is pressed: then nothing was sent, and the next round is tried.
    await expect(cashOut)
      .toBeEnabled({ timeout: 30_000 })
      .then(() => cashOut.click({ timeout: 3_000 }))
      .catch(() => undefined);
    await expect(status(page)).toHaveText(/You cashed out at|your bet is lost/, {
      timeout: 60_000,
    });
    cashed = (await status(page).textContent())!.startsWith('You cashed out at');
    // Too late: said when the request went out; a round that crashed before the click sent none.
    // Scoped to the game: Next's route announcer is an alert too, always on the page.
    const said = page.getByTestId('original-crash').getByRole('alert');
    if (!cashed && (await said.count()) > 0) {
      await expect(said).toHaveText('Too late: the round crashed before your cash-out arrived.');
    }
    // The other player never pressed: their bet rides to the crash.
    await expect(status(other)).toHaveText(/^Crashed at \d+\.\d\d×: your bet is lost$/, {
      timeout: 120_000,
    });
  }
  expect(cashed).toBe(true);
  const won = (await status(page).textContent())!;
  const [, multiplier, payout] = won.match(/at (\d+\.\d\d)×: (\d+\.\d+) USDT/)!;
  // Each sees the other in the round's list: one cashed out, one crashed.
  const rows = other.getByTestId('crash-player');
  await expect(rows.filter({ hasText: `${multiplier}×` })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Crashed' })).toHaveCount(1);
  await expectAccessible(page, 'crash after a round');

  // The round's hash is revealed in the history and verifies against the commitment.
  await expect(status(page)).toContainText('taking bets', { timeout: 60_000 });
  const history = page.getByRole('navigation', { name: 'Recent rounds' });
  const link = history.getByRole('link').first();
  const label = (await link.getAttribute('aria-label'))!;
  const [, game, crashed] = label.match(/^Round (\d+): (\d+\.\d\d)×/)!;
  await expect(history.getByTestId('crash-last-hash')).toHaveText(
    new RegExp(`^Round ${game} crashed at ${crashed}×\\. Its hash: [0-9a-f]{64}$`),
  );
  await link.click();
  await expect(page).toHaveURL(/\/x-games\/verify\?crashGame=/);
  const verifier = page.getByRole('region', { name: 'Crash' });
  await expect(verifier.getByTestId('crash-commitment')).toContainText('demo salt');
  await verifier.getByRole('button', { name: 'Verify' }).click();
  await expect(verifier.getByTestId('crash-verified')).toHaveText(
    `Crash point: ${crashed}×. The hash is game ${game} of the committed chain.`,
  );
  await expectAccessible(page, 'crash verifier');
  expect(Number(payout)).toBeCloseTo(Number(multiplier), 6);
});
