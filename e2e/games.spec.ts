import { expect, test } from './fixtures';
import { apiPlayer, signInByEmail, uniqueEmail } from './auth-helpers';
import { expectAccessible } from './helpers';
import { casinoTabs, slotsTabs } from '../lib/site/paths';

test.describe('casino and slots tabs', () => {
  for (const [section, tabs] of [
    ['casino', casinoTabs],
    ['slots', slotsTabs],
  ] as const) {
    for (const prefix of ['', '/es']) {
      test(`${prefix || 'en'} ${section}: every tab shows its games, first grid in the server HTML`, async ({
        page,
      }) => {
        for (const tab of tabs) {
          const html = await (await page.request.get(`${prefix}/${section}?tab=${tab}`)).text();
          if (tab === 'providers')
            expect(html.match(/data-testid="provider-link"/g)?.length ?? 0).toBeGreaterThanOrEqual(
              20,
            );
          else
            expect(
              html.match(/data-testid="game-card"/g)?.length ?? 0,
              `${section} ${tab}`,
            ).toBeGreaterThanOrEqual(1);
        }
        await page.goto(`${prefix}/${section}?tab=lobby`);
        await expect(page.getByTestId('game-row').first()).toBeVisible();
        await expect(page.getByTestId('provider-list')).toBeVisible();
        await expectAccessible(page, `${section} lobby`);
      });
    }
  }

  test('load more shows the progress and ends with no more data @phone', async ({ page }) => {
    await page.goto('/casino?tab=roulette');
    await expect(page.getByRole('article')).toHaveCount(12);
    await expect(page.getByTestId('load-progress')).toHaveText('12 of 18 games');
    await page.getByTestId('load-more-button').click();
    await expect(page.getByRole('article')).toHaveCount(18);
    await expect(page.getByTestId('load-progress')).toHaveText('18 of 18 games');
    await expect(page.getByTestId('no-more-data')).toHaveText('no more data');
    await expectAccessible(page, 'roulette grid');
  });

  test('the providers tab opens a provider page with only that studio', async ({ page }) => {
    await page.goto('/slots?tab=providers');
    await page.getByTestId('provider-link').filter({ hasText: 'Paper Crane Games' }).click();
    await expect(page).toHaveURL(/\/providers\/paper-crane-games$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paper Crane Games');
    const captions = await page.getByRole('article').allInnerTexts();
    expect(captions.length).toBeGreaterThan(0);
    expect(captions.every((text) => text.includes('Paper Crane Games'))).toBe(true);
  });

  test('/providers alone points for good to the studios list, in every language', async ({
    page,
    request,
  }) => {
    const english = await request.get('/providers', { maxRedirects: 0 });
    expect(english.status()).toBe(308);
    expect(english.headers()['location']).toBe('/casino?tab=providers');
    const spanish = await request.get('/es/providers', { maxRedirects: 0 });
    expect(spanish.status()).toBe(308);
    expect(spanish.headers()['location']).toBe('/es/casino?tab=providers');
    await page.goto('/providers');
    await expect(page).toHaveURL(/\/casino\?tab=providers$/);
    await expect(page.getByRole('link', { name: /Paper Crane Games/ })).toBeVisible();
  });
});

test.describe('game page and favourites', () => {
  test('a guest opening a card sees the demo frame; the heart asks to sign in', async ({
    page,
  }) => {
    await page.goto('/casino?tab=blackjack');
    await page
      .getByRole('article')
      .first()
      .getByRole('link', { name: /^Add .+ to favourites$/ })
      .click();
    await expect(page).toHaveURL(/modal=auth&tab=1/);
    await page.goto('/casino?tab=blackjack');
    const first = page.getByRole('article').first();
    const slug = await first.getAttribute('data-game');
    // The artwork opens the game (a guest's heart is a link too: to the sign-in tab).
    await first.locator('img').click();
    await expect(page).toHaveURL(new RegExp(`/casino/games/${slug}$`));
    await expect(page.getByTestId('demo-notice')).toContainText('Demo mode');
    await expect(page.getByTestId('similar-games')).toBeVisible();
    await expectAccessible(page, 'game page');
  });

  test('a player favourites a game (kept after a reload) and the game opened is recently played', async ({
    page,
  }) => {
    const email = uniqueEmail('fav');
    await apiPlayer(page.request, email);
    await page.goto('/slots?ptab=bingo&modal=auth&tab=1');
    await signInByEmail(page, email, 'secret123');
    await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();
    const card = page.getByRole('article').first();
    const heart = card.getByRole('button', { name: / favourites$/ });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(
      page
        .getByRole('article')
        .first()
        .getByRole('button', { name: / favourites$/ }),
    ).toHaveAttribute('aria-pressed', 'true');
    const slug = (await card.getAttribute('data-game'))!;
    await page.goto(`/casino/games/${slug}`);
    await expect(page.getByTestId('game-stage')).toHaveAttribute('data-mode', 'demo');
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const recent = await (
      await page.request.get('/api/v1/games/recent', {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    expect(recent.data.data[0].slug).toBe(slug);
    // The lobby now starts with it under "Continue playing".
    await page.goto('/slots?tab=lobby');
    await expect(page.getByTestId('recent-row').getByRole('article').first()).toHaveAttribute(
      'data-game',
      slug,
    );
  });
});
