import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, htmlTag, openSettings, serverHtml, serverThemeCss } from './helpers';

const bodyBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function choose(page: Page, option: string) {
  await openSettings(page);
  await page.getByRole('button', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

test('a first visit is dark, left to right, and passes axe @phone', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-mui-color-scheme', 'dark');
  expect(await bodyBackground(page)).toBe('rgb(20, 26, 33)');
  await expectAccessible(page, 'dark');
});

test('light mode applies live, survives a reload and is in the server HTML', async ({ page }) => {
  await page.goto('/');
  await choose(page, 'Light');
  await expect(page.locator('html')).toHaveAttribute('data-mui-color-scheme', 'light');
  expect(await bodyBackground(page)).toBe('rgb(255, 255, 255)');

  expect(htmlTag(await serverHtml(page, '/'))).toContain('data-mui-color-scheme="light"');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mui-color-scheme', 'light');
  expect(await bodyBackground(page)).toBe('rgb(255, 255, 255)');
  await expectAccessible(page, 'light');
});

test('bold contrast greys the light page and flattens cards, from the first paint', async ({
  page,
}) => {
  await page.goto('/');
  await choose(page, 'Light');
  await choose(page, 'Bold');
  // The choice re-renders the theme after the click: poll until it has.
  await expect.poll(() => bodyBackground(page)).toBe('rgb(244, 246, 248)');
  const cardShadow = () =>
    page
      .getByTestId('highlight')
      .first()
      .evaluate((el) => getComputedStyle(el).boxShadow);
  // The card's shadow transitions; poll until it settles.
  await expect.poll(cardShadow).toBe('rgba(145, 158, 171, 0.16) 0px 0px 0px 1px');

  const html = await serverHtml(page, '/');
  expect(htmlTag(html)).toContain('data-contrast="bold"');
  expect(await serverThemeCss(page, '/')).toContain('--mui-palette-background-default:#F4F6F8');
  await page.reload();
  expect(await bodyBackground(page)).toBe('rgb(244, 246, 248)');
  await expectAccessible(page, 'light bold');
});

test('right-to-left direction flips the layout and is right on the server', async ({ page }) => {
  await page.goto('/');
  await choose(page, 'Right to left');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  const html = await serverHtml(page, '/');
  expect(htmlTag(html)).toContain('dir="rtl"');
  expect(html).toContain('data-emotion="muirtl');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The logo sits at the right edge in RTL.
  const logo = await page.getByRole('link', { name: 'Home page' }).boundingBox();
  const width = page.viewportSize()!.width;
  expect(logo!.x).toBeGreaterThan(width / 2);
  await expectAccessible(page, 'rtl');
});

test('a colour preset changes the primary colour and survives a reload', async ({ page }) => {
  await page.goto('/');
  await choose(page, 'Cyan');
  await expect(page.locator('html')).toHaveAttribute('data-preset', 'cyan');
  const primary = () =>
    page.evaluate(() =>
      getComputedStyle(document.documentElement)
        .getPropertyValue('--mui-palette-primary-main')
        .trim(),
    );
  expect(await primary()).toBe('#078DEE');
  expect(await serverThemeCss(page, '/')).toContain('--mui-palette-primary-main:#078DEE');
  await page.reload();
  expect(await primary()).toBe('#078DEE');
});

test('the layout option is remembered', async ({ page }) => {
  await page.goto('/');
  await choose(page, 'Horizontal');
  await page.reload();
  await openSettings(page);
  await expect(page.getByRole('button', { name: 'Horizontal', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('the border radius is 6 below md and 8 from md up @phone', async ({ page }) => {
  await page.goto('/');
  const radius = () =>
    page
      .getByTestId('highlight')
      .first()
      .evaluate((el) => getComputedStyle(el).borderTopLeftRadius);
  const width = page.viewportSize()!.width;
  expect(await radius()).toBe(width >= 1025 ? '8px' : '6px');
  const header = await page.getByTestId('site-header').boundingBox();
  expect(header!.height).toBe(width >= 768 ? 70 : 54);
});
