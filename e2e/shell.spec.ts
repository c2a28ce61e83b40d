import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, htmlTag, serverHtml } from './helpers';

/**
 * Every navigation target of spec §2, with the h1 each must show in English and Spanish. A phone
 * checks one of each kind of page (sports, a lobby, a content page, a player page behind sign-in):
 * the others share their layouts.
 */
const targets: { path: string; en: string; es: string; phone?: true }[] = [
  { path: '/sports?bt-path=/soccer-1', en: 'Soccer', es: 'Fútbol', phone: true },
  { path: '/sports?bt-path=/e_sport/fifa-300', en: 'eFIFA', es: 'eFIFA' },
  { path: '/casino?tab=roulette', en: 'Casino', es: 'Casino', phone: true },
  { path: '/casino?tab=providers', en: 'Casino', es: 'Casino' },
  { path: '/slots?tab=crash-games', en: 'Slots', es: 'Tragamonedas' },
  { path: '/racing/horse-racing', en: 'Horse racing', es: '' },
  { path: '/promotions', en: 'Promotions', es: 'Promociones' },
  { path: '/vip-club', en: 'VIP club', es: 'VIP', phone: true },
  { path: '/x-games', en: 'X-games', es: 'X' },
  { path: '/help', en: 'Help', es: 'Ayuda' },
  { path: '/bonus', en: 'Bonus', es: 'Bono' },
  { path: '/account-management/referral/dashboard', en: 'Referral', es: '', phone: true },
];

const settingsCookie = (page: Page, patch: Record<string, string>) =>
  page.context().addCookies([
    {
      name: 'display-settings',
      value: JSON.stringify({
        themeMode: 'dark',
        themeDirection: 'ltr',
        themeContrast: 'default',
        themeColorPresets: 'default',
        themeLayout: 'vertical',
        language: 'en',
        ...patch,
      }),
      url: page.url().startsWith('http') ? page.url() : 'http://localhost:3100',
    },
  ]);

test.describe('navigation targets', () => {
  for (const { path, en, es, phone } of targets) {
    test(`${path} renders in en and es, titled, and passes axe${phone ? ' @phone' : ''}`, async ({
      page,
    }) => {
      await page.goto(path);
      // Player pages open the sign-in modal over the page, so the h1 is found by tag, not role.
      await expect(page.locator('h1')).toContainText(en);
      await expect(page).toHaveTitle(/Nova Casino/);
      // A player page asks a guest to sign in once the session is read: checked with its dialog
      // open, not while the dialog is still fading in.
      if (path.startsWith('/account-management')) {
        await expect(
          page.getByRole('dialog').getByRole('button', { name: 'Sign in', exact: true }),
        ).toBeVisible();
      }
      await expectAccessible(page, path);
      // The Spanish page as the server sends it (what a crawler reads): its language and its h1.
      const html = await serverHtml(page, `/es${path}`);
      expect(htmlTag(html)).toContain('lang="es"');
      const h1 = html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1]?.replace(/<[^>]+>/g, '') ?? '';
      if (es) expect(h1).toContain(es);
    });
  }

  test('/sports without bt-path shows live and marks it in the menu', async ({ page }) => {
    await page.goto('/sports');
    await expect(page.getByTestId('sports-frame')).toHaveAttribute('data-bt-path', '/live');
    await expect(page.getByTestId('nav-sport.live')).toHaveAttribute('aria-current', 'page');
  });

  test('the sports frame reads bt-path and marks that sport in the menu', async ({ page }) => {
    await page.goto('/sports?bt-path=/tennis-5');
    await expect(page.getByTestId('sports-frame')).toHaveAttribute('data-bt-path', '/tennis-5');
    // The active sport's group starts open.
    await expect(page.getByTestId('nav-sport.tennis')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('nav-sport.soccer')).not.toHaveAttribute('aria-current', 'page');
    await page.getByRole('button', { name: 'Hide Sports sections' }).click();
    await expect(page.getByTestId('nav-sport.soccer')).toHaveCount(0);
    await expect(page.getByTestId('nav-sports')).toHaveAttribute('data-active', 'true');
  });

  test('casino tabs are links: the back button returns to the previous tab', async ({ page }) => {
    await page.goto('/casino?tab=lobby');
    await page.getByTestId('tab-links').getByRole('link', { name: 'Blackjack' }).click();
    await expect(page).toHaveURL(/tab=blackjack/);
    await expect(page.getByTestId('lobby-tab-title')).toHaveText('Blackjack');
    await page.goBack();
    await expect(page.getByTestId('lobby-tab-title')).toHaveText('Lobby');
  });
});

test.describe('racing and crypto', () => {
  test("racing links say 'coming soon' and stay on the page; a direct visit shows it too", async ({
    page,
  }) => {
    await page.goto('/promotions');
    await page.getByTestId('nav-racing').click();
    await expect(page.getByTestId('notice')).toHaveText('coming soon');
    await expect(page).toHaveURL(/\/promotions$/);
    await page.goto('/racing/greyhound');
    await expect(page.getByTestId('coming-soon')).toHaveText('coming soon');
  });

  test('a guest on a crypto page gets the sign-in modal, and closing it goes home @phone', async ({
    page,
  }) => {
    await page.goto('/promotions');
    await page.goto('/crypto/futures');
    await expect(page).toHaveURL(/\/crypto\/futures\?modal=auth&tab=1$/);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('tab', { name: 'Sign in' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expectAccessible(page, 'crypto sign-in modal');
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
  });
});

test.describe('modal layer', () => {
  test('the auth modal opens from the header and closes back to the page it came from', async ({
    page,
  }) => {
    await page.goto('/casino?tab=roulette');
    await page.getByRole('link', { name: 'Sign up', exact: true }).click();
    await expect(page).toHaveURL(/\/casino\?ptab=roulette&modal=auth&tab=2$/);
    await expect(page.getByTestId('casino-frame')).toHaveAttribute('data-tab', 'roulette');
    await expect(page.getByRole('dialog').getByRole('tab', { name: 'Sign up' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByRole('dialog').getByRole('tab', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/ptab=roulette&modal=auth&tab=1$/);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/casino\?tab=roulette$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('authRequired ignores a click outside; its close button goes home', async ({ page }) => {
    await page.goto('/account-management/my-account');
    await expect(page).toHaveURL(/modal=authRequired/);
    await expect(page.getByTestId('auth-required-note')).toBeVisible();
    await page.mouse.click(5, 400);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
  });

  test('a guest asking for the wallet is asked to sign in; reset-password and install-wallet open', async ({
    page,
  }) => {
    await page.goto('/?modal=wallet&tab=deposit');
    await expect(page).toHaveURL(/modal=auth&tab=1/);
    // A later step opened without the earlier ones (a shared link) starts over: there is no
    // contact to send a code to.
    await page.goto('/?modal=reset-password&step=code');
    await expect(page).toHaveURL(/modal=reset-password&step=send-message$/);
    await expect(
      page.getByTestId('reset-password-dialog').locator('[data-step="send-message"]'),
    ).toBeVisible();
    await page.goto('/?modal=reset-password');
    await expect(
      page.getByTestId('reset-password-dialog').locator('[data-step="reset"]'),
    ).toBeVisible();
    await page.goto('/es?modal=install-wallet&wallet=metamask');
    await expect(page.getByTestId('install-wallet-dialog')).toBeVisible();
    await expectAccessible(page, 'install wallet modal');
  });

  test('Cmd+K and Ctrl+K open the search dialog, which asks for keywords', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Control+k');
    await expect(page.getByText('please enter keywords')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search games' }).fill('   ');
    await expect(page.getByText('please enter keywords')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Search' })).toHaveCount(0);
    await page.keyboard.press('Meta+k');
    await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible();
  });
});

test.describe('layouts', () => {
  test('the sidebar toggles vertical ↔ mini and the choice survives a reload', async ({ page }) => {
    await page.goto('/');
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toHaveAttribute('data-layout', 'vertical');
    expect((await sidebar.boundingBox())?.width).toBe(260);
    await page.getByTestId('sidebar-toggle').click();
    await expect(sidebar).toHaveAttribute('data-layout', 'mini');
    // The width animates to its new value: read it once the transition has ended.
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(88);
    expect(await serverHtml(page, '/')).toContain('data-layout="mini"');
    await page.reload();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-layout', 'mini');
    await expectAccessible(page, 'mini sidebar');
  });

  test('the horizontal layout puts the menu under the header', async ({ page }) => {
    await page.goto('/');
    await settingsCookie(page, { themeLayout: 'horizontal' });
    await page.goto('/');
    await expect(page.getByTestId('nav-horizontal')).toBeVisible();
    await expect(page.getByTestId('nav-horizontal').getByTestId('utc-clock')).toHaveText(
      /UTC \d\d:\d\d/,
    );
    await expect(
      page.getByTestId('nav-horizontal').getByTestId('menu-language-picker'),
    ).toBeVisible();
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    await expectAccessible(page, 'horizontal layout');
  });

  test('the UTC clock shows HH:MM and turns with the minute', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-11-22T10:58:00Z') });
    await page.goto('/');
    const clock = page.getByTestId('utc-clock');
    await expect(clock).toHaveText(/UTC 10:58/);
    await page.clock.fastForward('01:00');
    await expect(clock).toHaveText(/UTC 10:59/);
  });
});

test.describe('phone shell', () => {
  test('the bottom bar opens the menu, the casino drawer and live support @phone-only', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByTestId('sidebar')).toBeHidden();
    const bar = page.getByTestId('bottom-bar');
    await expect(bar.getByRole('button')).toHaveCount(3);
    await expect(bar.getByRole('link')).toHaveCount(2);
    await page.getByTestId('bottom-casino').click();
    const drawer = page.getByTestId('casino-drawer');
    await expect(drawer.getByTestId('betting-card')).toHaveCount(5);
    await expectAccessible(page, 'casino drawer');
    await drawer.getByTestId('betting-card').first().click();
    await expect(page).toHaveURL(/\/casino\?tab=lobby$/);
    await page.getByTestId('bottom-support').click();
    await expect(page.getByTestId('support-email')).toHaveText('support@nova.casino');
    // Hours from SUPPORT_HOURS (unset: around the clock, never "away"), channels from the extra configuration.
    await expect(page.getByTestId('support-hours')).toHaveText(
      'Agents answer live chat around the clock, every day.',
    );
    await expect(page.getByTestId('support-away')).toHaveCount(0);
    await expect(
      page.getByRole('navigation', { name: 'Follow us' }).getByRole('link', { name: 'Discord' }),
    ).toHaveAttribute('href', 'https://discord.gg/novacasino');
    await expectAccessible(page, 'live support');
    await page.keyboard.press('Escape');
    await page
      .getByRole('navigation', { name: 'Quick navigation' })
      .getByRole('button', { name: 'Menu', exact: true })
      .click();
    await expect(page.getByTestId('mobile-nav').getByTestId('nav-promotions')).toBeVisible();
    await page.getByTestId('mobile-nav').getByTestId('nav-promotions').click();
    await expect(page).toHaveURL(/\/promotions$/);
  });

  test('no page scrolls sideways on a phone, in English or Arabic @phone-only', async ({
    page,
  }) => {
    for (const path of ['/', '/ar', '/ar/casino?tab=lobby', '/es/account-management/settings']) {
      await page.goto(path);
      // The header is drawn (in whichever language the path names).
      await expect(page.getByTestId('sign-up-button')).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });

  test('the display settings open from the phone menu @phone-only', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Display settings' })).toBeHidden();
    await page
      .getByRole('navigation', { name: 'Quick navigation' })
      .getByRole('button', { name: 'Menu', exact: true })
      .click();
    await page.getByTestId('menu-settings-button').click();
    await expect(page.locator('#settings-title')).toBeVisible();
    await expect(page.getByTestId('mobile-nav')).toBeHidden();
  });

  test('the footer hides on casino and slots pages, and its categories are accordions @phone-only', async ({
    page,
  }) => {
    await page.goto('/casino');
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await page.goto('/slots?tab=bingo');
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await page.goto('/promotions');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeVisible();
    // Collapsed on phones: the links are there once, hidden until their category opens.
    const soccer = footer.getByRole('link', { name: 'Soccer', includeHidden: true });
    await expect(soccer).toHaveCount(1);
    await expect(soccer).toBeHidden();
    const sports = footer.getByRole('button', { name: 'Sports' });
    await expect(sports).toHaveAttribute('aria-expanded', 'false');
    await sports.click();
    await expect(sports).toHaveAttribute('aria-expanded', 'true');
    await expect(soccer).toBeVisible();
  });
});

test.describe('footer', () => {
  test('counts the cryptos, repeats the strip three times and splits each category in two', async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByTestId('crypto-count')).toHaveText('18 supported cryptocurrencies');
    const strip = footer.getByTestId('crypto-strip');
    // The copies are made when the footer comes near the screen.
    await footer.getByTestId('crypto-count').scrollIntoViewIfNeeded();
    await expect(strip.locator('li')).toHaveCount(54);
    await expect(strip.locator('li[aria-hidden="true"]')).toHaveCount(36);
    const columns = footer.getByTestId('footer-column');
    await expect(columns.nth(0).locator('li')).toHaveCount(3);
    await expect(columns.nth(1).locator('li')).toHaveCount(3);
    // Each link once (no second copy for phones), visible as a column on desktop.
    const external = footer.getByRole('link', { name: 'Gambling therapy' });
    await expect(external).toHaveCount(1);
    await expect(external).toBeVisible();
    await expect(external).toHaveAttribute('target', '_blank');
    await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    // Our own pages open in place, with the language prefix.
    const legal = footer.getByRole('link', { name: 'Responsible gaming' });
    await expect(legal).toHaveAttribute('href', '/legal/responsible-gaming');
    await expect(legal).not.toHaveAttribute('target', '_blank');
  });

  test("'Friend referral' sends a guest to the sign-up tab", async ({ page }) => {
    await page.goto('/promotions');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Friend referral' }).click();
    await expect(page).toHaveURL(/\/promotions\?modal=auth&tab=2$/);
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});

test.describe('errors', () => {
  test('a path containing 404 shows only the localized title; unknown paths the full page', async ({
    page,
  }) => {
    const bare = await page.goto('/casino/404');
    expect(bare?.status()).toBe(404);
    await expect(page.getByTestId('bare-404').getByRole('heading', { level: 1 })).toHaveText(
      '404: Page not found',
    );
    await expect(page.getByTestId('bare-404').getByRole('link')).toHaveCount(0);
    await expect(page.getByTestId('site-header')).toHaveCount(0);
    await page.goto('/es/pagina-404');
    await expect(page.getByTestId('bare-404')).toBeVisible();
    // Any other unknown path keeps the shell: header, search, menus.
    const unknown = await page.goto('/no/such/page');
    expect(unknown?.status()).toBe(404);
    await expect(page.getByTestId('not-found').getByRole('link')).toBeVisible();
    await expect(page.getByTestId('site-header')).toBeVisible();
    await page.goto('/account-management/referral');
    await expect(page).toHaveURL(/\/account-management\/referral\/dashboard(\?|$)/);
  });

  test("an interface error shows 'something went wrong' and is sent to the error log", async ({
    page,
  }) => {
    const logged = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/logs/error') && r.request().method() === 'POST',
    );
    await page.goto('/error-probe');
    await expect(page.getByTestId('error-page').getByRole('heading', { level: 1 })).toHaveText(
      'something went wrong',
    );
    const response = await logged;
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    const sent = response.request().postDataJSON();
    expect(sent).toMatchObject({
      message: expect.stringContaining('error probe'),
      url: expect.stringContaining('/error-probe'),
    });
    await expectAccessible(page, 'error page');
  });
});

test.describe('accessibility in light mode and right to left', () => {
  const pages = [
    '/',
    '/casino?tab=lobby',
    '/sports?bt-path=/live',
    '/racing',
    '/promotions',
    '/help',
    '/account-management/security',
  ];
  // Dark left to right is every navigation target's check above; these add the light palette,
  // and right to left with the bold contrast.
  const modes = [
    ['light', '', { themeMode: 'light' }],
    ['light bold RTL (ar)', '/ar', { themeMode: 'light', themeContrast: 'bold' }],
  ] as const;
  for (const [label, prefix, patch] of modes) {
    for (const path of pages) {
      test(`${path} passes axe in ${label}`, async ({ page, baseURL }) => {
        await page
          .context()
          .addCookies([{ name: 'display-settings', value: JSON.stringify(patch), url: baseURL! }]);
        await page.goto(`${prefix}${path === '/' && prefix ? '' : path}`);
        await expect(page.locator('html')).toHaveAttribute(
          'data-mui-color-scheme',
          patch.themeMode,
        );
        await expectAccessible(page, `${label} ${path}`);
      });
    }
  }
});
