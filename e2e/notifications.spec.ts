import type { APIRequestContext } from '@playwright/test';
import { E2E_OPERATOR_TOKEN } from '../playwright.config';
import { signedIn } from './auth-helpers';
import { expect, test } from './fixtures';
import { expectAccessible } from './helpers';

/** A personal notice published through the operator API, as an operator's tool would. */
async function publish(request: APIRequestContext, userId: string, title: string, message = '') {
  const answer = await request.post('/api/v1/operator/notices', {
    headers: { Authorization: `Bearer ${E2E_OPERATOR_TOKEN}` },
    data: { audience: 'personal', userId, category: 'news', title, message, link: '/promotions' },
  });
  expect(answer.status()).toBe(200);
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
  await expect(item.getByRole('link', { name: '/promotions' })).toBeVisible();
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
