import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiPlayer, uniqueEmail } from './auth-helpers';
import { expectAccessible } from './helpers';

async function openSearch(page: Page) {
  // A click before the page hydrates does nothing: click until a dialog is on its way, then wait for
  // it (its code loads on first open). Never click again over an open dialog: that would close it.
  await expect(async () => {
    if ((await page.locator('.MuiDialog-root').count()) === 0) {
      await page
        .getByRole('button', { name: /search games/i })
        .first()
        .click();
    }
    await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
}

test.describe('search dialog', () => {
  test('blank box: the keyword prompt and hot games; no favourites for a guest', async ({
    page,
  }) => {
    await page.goto('/');
    await openSearch(page);
    await expect(page.getByText('please enter keywords')).toBeVisible();
    await expect(
      page.getByTestId('hot-results').getByTestId('search-result').first(),
    ).toBeVisible();
    await expect(page.getByTestId('search-favorites')).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search games' }).fill('   ');
    await expect(page.getByText('please enter keywords')).toBeVisible();
    await expectAccessible(page, 'search dialog');
  });

  test('typed text finds games (accents, one typo); nothing found says so; history keeps hits only', async ({
    page,
  }) => {
    await page.goto('/');
    await openSearch(page);
    const input = page.getByRole('searchbox', { name: 'Search games' });
    await input.fill('creme brulee');
    await expect(
      page.getByTestId('result-list').getByTestId('search-result').first(),
    ).toContainText('Crème Brûlée Bonanza');
    // After the 300 ms pause the typo'd word is searched, and still finds the game.
    const typo = page.waitForResponse((r) => r.url().includes('search=bonansa'));
    await input.fill('bonansa');
    await typo;
    await expect(page.getByTestId('result-list')).toContainText('Crème Brûlée Bonanza');
    await input.fill('zzqqxx');
    const none = page.getByTestId('search-not-found');
    await expect(none).toContainText('not found');
    await expect(none).toContainText('no results found for “zzqqxx”');
    await expect(none).toContainText('try checking for typos');
    await input.fill('');
    await expect(page.getByTestId('search-history-item')).toHaveText(['bonansa', 'creme brulee']);
    // Closing forgets the query; the history stays.
    await page.keyboard.press('Escape');
    await openSearch(page);
    await expect(page.getByRole('searchbox', { name: 'Search games' })).toHaveValue('');
    await expect(page.getByTestId('search-history-item')).toHaveCount(2);
    await page.getByTestId('search-history-clear').click();
    await expect(page.getByTestId('search-history')).toHaveCount(0);
  });

  test('30 results a page, load more appends without repeats until no more data', async ({
    page,
  }) => {
    const total = (await (await page.request.get('/api/v1/games?search=golden&limit=1')).json())
      .data.totalDocuments;
    expect(total).toBeGreaterThan(30);
    await page.goto('/');
    await openSearch(page);
    await page.getByRole('searchbox', { name: 'Search games' }).fill('golden');
    const results = page.getByTestId('result-list').getByTestId('search-result');
    await expect(results).toHaveCount(30);
    while (await page.getByRole('button', { name: 'Load more' }).isVisible()) {
      const before = await results.count();
      await page.getByRole('button', { name: 'Load more' }).click();
      await expect(results).not.toHaveCount(before);
    }
    await expect(results).toHaveCount(total);
    const hrefs = await results.evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    expect(new Set(hrefs).size).toBe(total);
    await expect(page.getByTestId('search-no-more')).toHaveText('no more data');
  });

  test('arrow keys move through results and Enter opens the game', async ({ page }) => {
    await page.goto('/');
    await openSearch(page);
    await page.getByRole('searchbox', { name: 'Search games' }).fill('golden dragon');
    await expect(
      page.getByTestId('result-list').getByTestId('search-result').first(),
    ).toContainText('Golden Dragon');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await expect(
      page.getByTestId('result-list').getByTestId('search-result').first(),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/casino\/games\/golden-dragon$/);
    await expect(page.getByRole('dialog', { name: 'Search' })).toHaveCount(0);
  });

  test('a signed-in player sees their favourites', async ({ page }) => {
    const { token } = await apiPlayer(page.request, uniqueEmail('searchfav'));
    const game = (await (await page.request.get('/api/v1/games?search=koi&limit=1')).json()).data
      .data[0];
    await page.request.post('/api/v1/games/favorites', {
      data: { gameId: game.id },
      headers: { authorization: `Bearer ${token}` },
    });
    await page.addInitScript((t) => localStorage.setItem('accessToken', t), token);
    await page.goto('/');
    await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
    await openSearch(page);
    await expect(page.getByTestId('favorite-results')).toContainText(game.name);
  });
});
