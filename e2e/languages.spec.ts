import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, htmlTag, serverHtml } from './helpers';
import { locales, type Locale } from '../lib/i18n/locales';
import { localizedPath } from '../lib/seo/metadata';

const headings: Record<string, string> = {
  en: 'Play, bet and win with crypto',
  es: 'Juega, apuesta y gana con cripto',
  ja: '暗号資産でプレイ、ベット、そして勝利を',
  ar: 'العب وراهن واربح بالعملات الرقمية',
};

const sizes = {
  phone: { width: 412, height: 839 },
  desktop: { width: 1280, height: 720 },
};
type Size = keyof typeof sizes;

// Every language as the server sends it (what a crawler reads) is checked without a browser; the
// page in a browser, with axe, in the languages that lay it out differently: English, German's long
// words, Japanese script, and Arabic — the one right-to-left language — at both widths. The DOM is
// the same in every language, so axe in the other eight would find nothing these do not.
const runs: { locale: Locale; size: Size }[] = [
  { locale: 'en', size: 'desktop' },
  { locale: 'de', size: 'phone' },
  { locale: 'ja', size: 'desktop' },
  { locale: 'ar', size: 'phone' },
  { locale: 'ar', size: 'desktop' },
];

test('every language: the home page as the server sends it has its lang, dir, h1 and title', async ({
  page,
}) => {
  for (const locale of locales) {
    const html = await serverHtml(page, localizedPath(locale, '/'));
    const tag = htmlTag(html);
    expect(tag, locale).toContain(`lang="${locale}"`);
    expect(tag, locale).toContain(`dir="${locale === 'ar' ? 'rtl' : 'ltr'}"`);
    const h1 =
      html
        .match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1]
        ?.replace(/<[^>]+>/g, '')
        .trim() ?? '';
    expect(h1, locale).not.toBe('');
    if (headings[locale]) expect(h1, locale).toBe(headings[locale]);
    expect(html.match(/<title>([^<]*)<\/title>/)?.[1], locale).toMatch(/Nova|نوفا/);
  }
});

test.describe('languages in a browser', () => {
  for (const { locale, size } of runs) {
    test.describe(`on a ${size}`, () => {
      test.use({ viewport: sizes[size] });

      test(`${locale} home renders with lang/dir and passes axe`, async ({ page }) => {
        const path = localizedPath(locale, '/');
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
        await expect(page.locator('h1')).toBeVisible();
        if (headings[locale]) await expect(page.locator('h1')).toHaveText(headings[locale]!);
        await expect(page).toHaveTitle(/Nova|نوفا/);
        await expectAccessible(page, `${path} (${size})`);
      });
    });
  }
});

test('English is unprefixed: /en/... redirects to the bare path with its query', async ({
  page,
}) => {
  const response = await page.request.get('/en/some/page?tab=lobby', { maxRedirects: 0 });
  expect([307, 308]).toContain(response.status());
  expect(
    new URL(response.headers().location!, 'http://x').pathname +
      new URL(response.headers().location!, 'http://x').search,
  ).toBe('/some/page?tab=lobby');
  await page.goto('/en');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('an unknown language prefix is a localized 404', async ({ page }) => {
  const response = await page.goto('/xx/casino');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const spanish = await page.goto('/es/xx/casino');
  expect(spanish?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await expectAccessible(page);
});

/** The header's picker; on phones it sits in the menu drawer instead. */
async function openLanguagePicker(page: Page) {
  const header = page.getByTestId('language-picker');
  if (await header.isVisible()) return header.click();
  await page.getByTestId('bottom-menu').click();
  await page.getByTestId('mobile-nav').getByTestId('menu-language-picker').click();
}

test('the language picker lists the Languages config and keeps the page and query @phone', async ({
  page,
}) => {
  await page.goto('/?tab=lobby&foo=bar');
  await openLanguagePicker(page);
  const items = page.getByRole('menuitem');
  await expect(items).toHaveCount(12);
  await items.filter({ hasText: 'Español' }).click();
  await expect(page).toHaveURL(/\/es\?tab=lobby&foo=bar$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('h1')).toHaveText(headings.es!);

  await openLanguagePicker(page);
  await page.getByRole('menuitem').filter({ hasText: 'العربية' }).click();
  await expect(page).toHaveURL(/\/ar\?tab=lobby&foo=bar$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('h1')).toHaveText(headings.ar!);
  await expectAccessible(page, 'ar after switching');
});
