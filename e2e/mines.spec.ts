import type { Page } from '@playwright/test';
import { signedIn } from './auth-helpers';
import { depositUsdt } from './chain-helpers';
import { expect, test } from './fixtures';
import { expectAccessible, pickOption } from './helpers';

const board = (page: Page) => page.getByRole('group', { name: /^Mines board/ });
const status = (page: Page) => page.getByTestId('mines-status');

/** A game opened from the form: `mines` mines, `amount` USDT, the Bet button. */
async function openGame(page: Page, mines: number, amount: string) {
  await pickOption(page, page.getByRole('combobox', { name: 'Mines' }), String(mines), {
    exact: true,
  });
  await page.getByRole('textbox', { name: 'Bet amount' }).fill(amount);
  await page.getByRole('button', { name: 'Bet', exact: true }).click();
  await expect(status(page)).toContainText('Game in play');
}

/** The first hidden tile revealed from the keyboard: Tab into the board, arrows, Enter. */
async function revealByKeyboard(page: Page, moves: string[]) {
  const first = board(page).getByRole('button', { name: 'Tile 0, hidden' });
  await first.focus();
  for (const key of moves) await page.keyboard.press(key);
  await page.keyboard.press('Enter');
}

const outcome = async (page: Page) =>
  (await status(page).textContent())?.startsWith('Cashed out')
    ? 'cashed'
    : (await status(page).textContent())?.startsWith('You hit a mine')
      ? 'mine'
      : 'open';

async function settled(page: Page): Promise<'cashed' | 'mine' | 'open'> {
  await expect(status(page)).toHaveText(/Cashed out|You hit a mine|next tile|Multiplier/);
  return outcome(page);
}

test('mines: a game cashed out and a game lost to a mine, with real money, both verified after changing seeds', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const tokens = await signedIn(page, 'mines');
  const auth = { Authorization: `Bearer ${tokens.token}` };
  await depositUsdt(page, auth, '50', 11);

  await page.goto('/x-games');
  // By its card's name: the live bets list links earlier Mines bets too.
  const card = page.getByRole('link', { name: /^Mines.*RTP 99\.00%/ });
  await expect(card).toBeVisible();
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mines' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Balance 50\.00 USDT/ })).toBeVisible({
    timeout: 30_000,
  });
  await expectAccessible(page, 'mines before a game');

  // Until one game is cashed out and one lost: 1 mine is nearly always safe, 24 nearly never.
  const seen = new Set<string>();
  for (let game = 0; game < 8 && seen.size < 2; game++) {
    const wantCash = !seen.has('cashed');
    await openGame(page, wantCash ? 1 : 24, '1');
    await revealByKeyboard(page, ['ArrowRight', 'ArrowDown']);
    let result = await settled(page);
    if (result === 'open' && !wantCash) {
      // The rare 24-mine game whose first tile is safe: cashed out as it stands.
      await page.getByRole('button', { name: /^Cash out/ }).click();
      await expect(status(page)).toHaveText(/^Cashed out/);
      result = 'cashed';
    }
    if (result === 'open') {
      await expect(board(page).getByRole('button', { name: 'Tile 6, safe' })).toBeVisible();
      // One mine: 0.99 × 25/24 after one tile, 0.99 × 300/276 after two.
      await expect(status(page)).toHaveText('Multiplier 1.0312× · next tile 1.076×');
      await expectAccessible(page, 'mines in play');
      // The game is the server's: a reload shows it again, as it was.
      await page.reload();
      await expect(board(page).getByRole('button', { name: 'Tile 6, safe' })).toBeVisible();
      // Seeds stay while the game is open.
      await page.getByRole('button', { name: 'Fairness' }).click();
      const fairness = page.getByRole('dialog', { name: 'Provably fair' });
      await expect(fairness.getByText(/finishes on these seeds/)).toBeVisible();
      await expect(fairness.getByRole('button', { name: 'Change seeds' })).toBeDisabled();
      await fairness.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('button', { name: /^Cash out 1\.03\d* USDT/ }).click();
      await expect(status(page)).toHaveText(/^Cashed out at 1\.0312×: 1\.03\d* USDT$/);
      result = 'cashed';
    }
    // A finished game shows its whole board: no tile left hidden, its mines named (with one
    // mine, the one hit is the only one).
    await expect(board(page).getByRole('button', { name: /, hidden$/ })).toHaveCount(0);
    await expect(
      board(page)
        .getByRole('button', { name: /, mine$|, the mine you hit$/ })
        .first(),
    ).toBeVisible();
    seen.add(result);
  }
  expect([...seen].sort()).toEqual(['cashed', 'mine']);
  await expectAccessible(page, 'mines after a game');

  // Change seeds, then verify every game in the browser from the game record.
  await page.getByRole('button', { name: 'Fairness' }).click();
  const dialog = page.getByRole('dialog', { name: 'Provably fair' });
  await dialog.getByRole('textbox', { name: 'New client seed' }).fill('after mines');
  await dialog.getByRole('button', { name: 'Change seeds' }).click();
  await expect(dialog.getByTestId('rotated')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.goto('/account-management/game-record');
  const rows = page.getByTestId('game-record').getByRole('row');
  await expect(rows.filter({ hasText: 'Mines' }).first()).toBeVisible();
  const ids = await rows
    .filter({ hasText: 'Mines' })
    .evaluateAll((found) => found.map((row) => row.getAttribute('data-round')!));
  expect(ids.length).toBeGreaterThanOrEqual(2);
  for (const id of ids) {
    await page.goto(`/x-games/verify?bet=${id}`);
    await expect(page.getByTestId('verified-match')).toHaveText('This matches the stored bet.');
    await expect(page.getByRole('group', { name: /board: its mines/ })).toBeVisible();
  }
  await expectAccessible(page, 'mines verifier');
  await page.goto(`/x-games/bet/${ids[0]}`);
  await expect(page.getByTestId('bet-result')).toContainText('Mines on tiles');
  await expectAccessible(page, 'mines bet page');
});

test('mines on a phone: a guest sees the board and is asked to sign in @phone', async ({
  page,
}) => {
  await page.goto('/x-games/mines');
  await expect(board(page).getByRole('button', { name: 'Tile 24, hidden' })).toBeVisible();
  await expect(page.getByTestId('mines-ladder')).toContainText('1 tile: 1.125×');
  await page.getByRole('button', { name: 'Sign in to play' }).click();
  await expect(
    page.getByRole('dialog').getByRole('button', { name: 'Sign in', exact: true }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expectAccessible(page, 'mines for a guest');
});
