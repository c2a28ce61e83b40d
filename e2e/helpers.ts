import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** WCAG 2.2 level A and AA, as axe tags them. */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** No WCAG 2.2 AA violation, at any impact level, on the page as it is now. */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  // Contrast is measured on what is painted: wait until no dialog is fading (CSS animations, or
  // MUI's Fade, which sets opacity from a timer) and it has stayed so for half a second, since an
  // account page's guest dialog can open again once the session has been read.
  await page.evaluate(() => {
    (window as Window & { __settledSince?: number }).__settledSince = undefined;
  });
  await page.waitForFunction(() => {
    const w = window as Window & { __settledSince?: number };
    const settled =
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity) &&
      [...document.querySelectorAll('[role="dialog"], [role="presentation"]')].every(
        (el) => getComputedStyle(el).opacity === '1',
      );
    if (!settled) {
      w.__settledSince = undefined;
      return false;
    }
    w.__settledSince ??= performance.now();
    return performance.now() - w.__settledSince >= 500;
  });
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  const violations = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  expect(violations, `axe on ${label}`).toEqual([]);
}

/** Collects Content-Security-Policy refusals the browser reports while the page runs. */
export function watchCspViolations(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

/** The HTML the server sends for a path with the page's cookies: what the first paint is made of. */
export async function serverHtml(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  return response.text();
}

/**
 * The theme stylesheet the server's HTML links for a path (the colour variables of the player's
 * preset and contrast): it is render-blocking, so it is part of the first paint.
 */
export async function serverThemeCss(page: Page, path: string): Promise<string> {
  const html = await serverHtml(page, path);
  const href = html.match(/<link rel="stylesheet" href="(\/theme\/[^"]+)"/)?.[1];
  expect(href, 'theme stylesheet link').toBeTruthy();
  const css = await page.request.get(href!.replaceAll('&amp;', '&'));
  expect(css.status()).toBe(200);
  expect(css.headers()['content-type']).toContain('text/css');
  return css.text();
}

export function htmlTag(html: string): string {
  return html.match(/<html[^>]*>/)?.[0] ?? '';
}

export async function openSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Display settings' }).click();
  await expect(page.locator('#settings-title')).toBeVisible();
}

/**
 * Picks an option of a MUI select, as a person does: open it, click the option, see the select
 * close on it. Under a loaded machine a click can land while the menu still grows into place and
 * be lost (the menu stays open): then the option is clicked again.
 */
export async function pickOption(
  page: Page,
  select: Locator,
  option: string,
  { exact = false }: { exact?: boolean } = {},
) {
  await expect(async () => {
    const listbox = page.getByRole('listbox');
    if (await listbox.isHidden()) await select.click({ timeout: 5_000 });
    await listbox.getByRole('option', { name: option, exact }).click({ timeout: 5_000 });
    await expect(listbox).toBeHidden({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}
