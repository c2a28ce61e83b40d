import { expect, test } from './fixtures';
import { expectAccessible, serverHtml } from './helpers';

/**
 * The pages the content service feeds (issue 16), from the embedded documents: the home page's
 * hero, sections and rows; promotions and one promotion; the help centre with its search and an
 * article; the legal pages from the footer — each with its SEO (canonical, hreflang, cards, JSON-LD)
 * and axe-clean.
 */

const jsonLd = async (page: import('@playwright/test').Page) =>
  (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (t) => JSON.parse(t) as { '@type': string; [key: string]: unknown },
  );

test('the home page: hero banners, the editor’s sections in order, rows from the catalog @phone', async ({
  page,
}) => {
  await page.goto('/');
  const hero = page.getByRole('region', { name: 'Featured' });
  await expect(
    hero.getByRole('heading', { name: 'Coming soon: up to 300% on your first four deposits' }),
  ).toBeVisible();
  await expect(page.getByTestId('hero-banner')).toHaveCount(3);
  // The second banner is one button away; the dot marks it as shown.
  const second = hero.getByRole('button', { name: /Show banner 2 of 3/ });
  await second.click();
  await expect(second).toHaveAttribute('aria-current', 'true');
  await expect(hero.getByRole('link', { name: 'Take a look' })).toBeInViewport();
  // Sections in the editor's order, game rows filled from the catalog in the browser.
  const titles = await page.locator('main h2').allTextContents();
  expect(titles.slice(0, 6)).toEqual([
    'Coming soon: up to 300% on your first four deposits',
    'Coming soon: every match, live odds',
    'Coming soon: a VIP club that pays back',
    'Hot games',
    'Promotions',
    'Bonus buy slots',
  ]);
  const hot = page.getByTestId('game-row').filter({ hasText: 'Hot games' });
  await expect(hot.getByRole('link', { name: /View all \(\d+\)/ })).toHaveAttribute(
    'href',
    '/casino?tab=hot-games',
  );
  await hot.scrollIntoViewIfNeeded();
  await expect(hot.locator('[data-testid="game-card"]').first()).toBeVisible();
  const strip = page.getByTestId('promotions-strip');
  await expect(strip.getByRole('link', { name: /Welcome package/ })).toHaveAttribute(
    'href',
    '/promotions/welcome-package',
  );
  await expect(
    page.getByTestId('sports-highlights').getByRole('link', { name: /Football/ }),
  ).toHaveAttribute('href', '/sports?bt-path=%2Fsoccer-1');
  const organization = (await jsonLd(page)).find((d) => d['@type'] === 'Organization');
  expect(organization).toMatchObject({ name: 'Nova Casino' });
  await expectAccessible(page, 'home');
});

test('the home page in German comes from the German documents', async ({ page }) => {
  await page.goto('/de');
  await expect(page.getByTestId('hero-banner').first().getByRole('heading')).not.toHaveText(
    'Coming soon: up to 300% on your first four deposits',
  );
  await expect(
    page.getByTestId('promotions-strip').getByTestId('promotion-card').first().getByRole('link'),
  ).toHaveAttribute('href', '/de/promotions/welcome-package');
});

test('promotions: the list, a promotion with its terms, breadcrumbs and sharing tags', async ({
  page,
  baseURL,
}) => {
  await page.goto('/promotions');
  await expect(page.getByTestId('promotion-card')).toHaveCount(4);
  await page.getByRole('link', { name: 'Winter Cup: 50,000 USDT slots tournament' }).click();
  await expect(page).toHaveURL(/\/promotions\/winter-cup$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Winter Cup: 50,000 USDT slots tournament' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Terms and conditions' })).toBeVisible();
  await expect(page.getByTestId('promotion-status')).toHaveText('Running');
  await expect(page.getByRole('link', { name: 'Play the tournament slots' })).toHaveAttribute(
    'href',
    '/slots?tab=bonus-buy',
  );
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
  await expect(crumbs.getByRole('link', { name: 'Promotions' })).toHaveAttribute(
    'href',
    '/promotions',
  );
  // Sharing: the page's own title and summary, once, in the HTML the server sends (what a sharing
  // crawler reads); an SVG artwork gives way to the generated card.
  const title = 'Winter Cup: 50,000 USDT slots tournament | Nova Casino';
  const html = await serverHtml(page, '/promotions/winter-cup');
  expect(html.match(/<meta property="og:title" content="[^"]*"/g)).toEqual([
    `<meta property="og:title" content="${title}"`,
  ]);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
  const image = html
    .match(/<meta property="og:image" content="([^"]+)"/)?.[1]
    ?.replaceAll('&amp;', '&');
  expect(image).toMatch(new RegExp(`^${baseURL}/opengraph-image`));
  const card = await page.request.get(image!);
  expect(card.headers()['content-type']).toBe('image/png');
  // The page reached by a click carries the promotion's tags too.
  await expect(page.locator(`meta[property="og:title"][content="${title}"]`)).toHaveCount(1);
  const breadcrumbs = (await jsonLd(page)).find((d) => d['@type'] === 'BreadcrumbList');
  expect(breadcrumbs?.itemListElement).toEqual([
    { '@type': 'ListItem', position: 1, name: 'Home', item: `${baseURL}/` },
    { '@type': 'ListItem', position: 2, name: 'Promotions', item: `${baseURL}/promotions` },
    {
      '@type': 'ListItem',
      position: 3,
      name: 'Winter Cup: 50,000 USDT slots tournament',
      item: `${baseURL}/promotions/winter-cup`,
    },
  ]);
  await expectAccessible(page, 'promotion');
  expect((await page.goto('/promotions/no-such-promotion'))?.status()).toBe(404);
});

test('help: search finds articles, results are not indexed, an article carries FAQ data @phone', async ({
  page,
  baseURL,
}) => {
  await page.goto('/help');
  await expect(page.getByRole('heading', { name: 'Deposits and withdrawals' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search the help centre' }).fill('withdraw');
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/help\?q=withdraw$/);
  const results = page.getByTestId('help-results');
  await expect(results.getByRole('heading', { name: 'Results for “withdraw”' })).toBeVisible();
  await expect(results.getByRole('link', { name: 'How do I withdraw?' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expectAccessible(page, 'help search');

  await page.getByRole('searchbox', { name: 'Search the help centre' }).fill('qwertyuiop');
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect(results).toContainText('No articles found for “qwertyuiop”');

  await page.goto('/help/deposit-crypto');
  await expect(
    page.getByRole('heading', { level: 1, name: 'How do I deposit crypto?' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${baseURL}/help/deposit-crypto`,
  );
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
    'href',
    `${baseURL}/help/deposit-crypto`,
  );
  await expect(page.locator('link[rel="alternate"][hreflang="ar"]')).toHaveAttribute(
    'href',
    `${baseURL}/ar/help/deposit-crypto`,
  );
  const faq = (await jsonLd(page)).find((d) => d['@type'] === 'FAQPage');
  expect(faq?.mainEntity).toContainEqual({
    '@type': 'Question',
    name: 'How long does a deposit take?',
    acceptedAnswer: {
      '@type': 'Answer',
      text: 'Usually a few minutes: it depends on the network and the confirmations it needs.',
    },
  });
  await expectAccessible(page, 'help article');
});

test('legal pages are linked from the footer, in the page’s language', async ({ page }) => {
  await page.goto('/fr');
  const footer = page.getByTestId('site-footer');
  await footer.getByRole('link', { name: 'Politique de confidentialité' }).click();
  await expect(page).toHaveURL(/\/fr\/legal\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Privacy policy');
  await expect(page.getByText(/Dernière mise à jour/)).toBeVisible();
  await expectAccessible(page, 'legal');
  expect((await page.goto('/legal/cookies'))?.status()).toBe(404);
});
