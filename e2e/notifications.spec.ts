import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_OPERATOR_TOKEN } from '../playwright.config';
import { signedIn } from './auth-helpers';
import { expect, test } from './fixtures';
import { expectAccessible } from './helpers';

/** A personal notice published through the operator API, as an operator's tool would. */
async function publish(
  request: APIRequestContext,
  userId: string,
  title: string,
  message = '',
): Promise<string> {
  const answer = await request.post('/api/v1/operator/notices', {
    headers: { Authorization: `Bearer ${E2E_OPERATOR_TOKEN}` },
    data: { audience: 'personal', userId, category: 'news', title, message, link: '/promotions' },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { id: string } }).data.id;
}

test('a notice published by the operator appears live in the drawer and as a popup; marked read one by one and all at once', async ({
  page,
}) => {
  const me = await signedIn(page, 'notices');
  await page.goto('/');
  const bell = page.getByRole('button', { name: 'Notifications (0 unread)' });
  await bell.click();
  const drawer = page.getByRole('region', { name: 'Notifications' });
  await expect(drawer.getByRole('tab', { name: 'Platform (0 unread)' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await drawer.getByRole('tab', { name: 'Personal (0 unread)' }).click();
  await expect(drawer.getByText('Nothing here yet.')).toBeVisible();
  await expectAccessible(page, 'notifications drawer');

  // Published elsewhere: the socket says so, the tab and counts refetch, a popup shows.
  await publish(
    page.request,
    me.userId,
    'Weekly reload bonus is live now for you',
    'Claim your 20% reload before Sunday midnight, it is waiting in your bonus page',
  );
  await expect(drawer.getByRole('tab', { name: 'Personal (1 unread)' })).toBeVisible();
  const item = drawer.getByTestId('notice-item').filter({ hasText: 'Weekly reload bonus' });
  await expect(item).toContainText(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} (AM|PM)/);
  await expect(
    item.getByRole('link', { name: 'View details: Weekly reload bonus is live now for you' }),
  ).toHaveAttribute('href', '/promotions');
  // The popup: title cut at 30 characters, message at 50.
  await expect(
    page.getByText(
      'Weekly reload bonus is live no… — Claim your 20% reload before Sunday midnight, it i…',
    ),
  ).toBeVisible();

  await publish(page.request, me.userId, 'Second notice');
  await expect(drawer.getByRole('tab', { name: 'Personal (2 unread)' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Mark as read: Second notice' }).click();
  await expect(drawer.getByRole('tab', { name: 'Personal (1 unread)' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Unread', exact: true }).click();
  await expect(drawer.getByTestId('notice-item')).toHaveCount(1);
  await drawer.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(drawer.getByRole('tab', { name: 'Personal (0 unread)' })).toBeVisible();
  await expect(drawer.getByText('Nothing here yet.')).toBeVisible();
  await drawer.getByRole('button', { name: 'Read', exact: true }).click();
  await expect(drawer.getByTestId('notice-item')).toHaveCount(2);
  await drawer.getByRole('button', { name: 'Close notifications' }).click();
  await expect(page.getByRole('button', { name: 'Notifications (0 unread)' })).toBeVisible();
});

test('a list that failed to load offers a retry', async ({ page }) => {
  const me = await signedIn(page, 'notices-retry');
  await publish(page.request, me.userId, 'After the retry');
  let fail = true;
  await page.route('**/api/v1/notifications?*', (route) =>
    fail ? route.fulfill({ status: 503, body: '{}' }) : route.continue(),
  );
  await page.goto('/');
  await page.getByRole('button', { name: /^Notifications \(1 unread\)$/ }).click();
  const drawer = page.getByRole('region', { name: 'Notifications' });
  await drawer.getByRole('tab', { name: /^Personal/ }).click();
  await expect(drawer.getByText('Notifications could not be loaded.')).toBeVisible();
  fail = false;
  await drawer.getByRole('button', { name: 'Try again' }).click();
  await expect(drawer.getByText('After the retry')).toBeVisible();
});

test('the drawer passes axe in light mode and in Arabic, right to left', async ({
  page,
  baseURL,
}) => {
  const me = await signedIn(page, 'notices-a11y');
  await publish(page.request, me.userId, 'Accessible notice', 'Read me in any theme');
  for (const [prefix, patch, tab] of [
    ['', { themeMode: 'light' }, /^Personal/],
    ['/ar', { themeMode: 'dark' }, /^شخصية/],
  ] as const) {
    await page
      .context()
      .addCookies([{ name: 'display-settings', value: JSON.stringify(patch), url: baseURL! }]);
    await page.goto(prefix || '/');
    await page.getByTestId('notification-bell').click();
    const drawer = page.getByTestId('notifications-drawer');
    await drawer.getByRole('tab', { name: tab }).click();
    await expect(drawer.getByText('Accessible notice')).toBeVisible();
    await expectAccessible(page, `notifications drawer ${prefix || 'light'}`);
  }
});

test('on a phone the user menu opens the drawer @phone', async ({ page }) => {
  // Phone-sized in every project: wider screens show the bell instead of the menu entry.
  await page.setViewportSize({ width: 390, height: 800 });
  const me = await signedIn(page, 'notices-phone');
  await publish(page.request, me.userId, 'Phone notice');
  await page.goto('/');
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: 'Notifications' }).click();
  const drawer = page.getByRole('region', { name: 'Notifications' });
  await drawer.getByRole('tab', { name: /^Personal/ }).click();
  await expect(drawer.getByText('Phone notice')).toBeVisible();
});

/** What the site's notifications worker shows right now (the desktop notifications). */
const shownOnDesktop = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const shown = (await registration?.getNotifications()) ?? [];
    return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
  });

/**
 * Headless Chromium keeps every tab visible (a minimised window or another tab in front change
 * nothing), so the test says the page is hidden the way the browser would: visibilityState and
 * the visibilitychange event.
 */
const hidePage = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });

test('desktop notifications: asked on a click, shown only while the page is hidden, once per notice, closed after 10 s', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const me = await signedIn(page, 'notices-desktop');
  await page.goto('/');
  await page.getByRole('button', { name: 'Notifications (0 unread)' }).click();
  const drawer = page.getByRole('region', { name: 'Notifications' });
  const desktop = drawer.getByRole('switch', { name: 'Desktop notifications' });
  await expect(desktop).not.toBeChecked();

  // The player answers the browser's question with "Allow" (Playwright stands in for the prompt),
  // then the switch's click asks for it and registers the worker.
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await desktop.click();
  await expect(desktop).toBeChecked();
  await expect
    .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active)))
    .toBe(true);

  // While the page is visible a notice is a toast only.
  await publish(page.request, me.userId, 'Seen in the page', 'Toast only, the tab is in front');
  await expect(page.getByText('Seen in the page — Toast only, the tab is in front')).toBeVisible();
  expect(await shownOnDesktop(page)).toEqual([]);

  await hidePage(page);
  const started = Date.now();
  const id = await publish(
    page.request,
    me.userId,
    'Your withdrawal was paid',
    '0.5 ETH is on its way',
  );
  await expect
    .poll(() => shownOnDesktop(page))
    .toEqual([{ title: 'Your withdrawal was paid', body: '0.5 ETH is on its way', tag: id }]);

  // Closed after 10 seconds.
  await expect.poll(() => shownOnDesktop(page), { timeout: 20_000 }).toEqual([]);
  expect(Date.now() - started).toBeGreaterThanOrEqual(10_000);

  // The same notice handed over again (another tab, a reload) is never shown twice; a new one is.
  await page.evaluate(
    async ({ seen }) => {
      const worker = (await navigator.serviceWorker.ready).active!;
      for (const [id, title] of [
        [seen, 'Shown twice?'],
        [crypto.randomUUID(), 'A new notice'],
      ]) {
        worker.postMessage({
          type: 'show-notice',
          notice: { id, title, message: 'handed over', image: null, link: null },
        });
      }
    },
    { seen: id },
  );
  await expect
    .poll(async () => (await shownOnDesktop(page)).map((n) => n.title))
    .toEqual(['A new notice']);
});
