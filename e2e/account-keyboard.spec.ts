import type { Page } from '@playwright/test';
import { signedIn } from './auth-helpers';
import { expect, test } from './fixtures';

/**
 * The account pages by keyboard alone (issue 17): from the skip link, Tab reaches every control on
 * the page in turn, each shows where the focus is, and no control holds the focus.
 */

const pages = ['my-account', 'security', 'verification', 'settings', 'player-protection'] as const;

/** A short description of the focused element and whether a focus indicator is painted for it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const painted = (node: Element) => {
      const style = getComputedStyle(node);
      return (
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
        style.boxShadow !== 'none'
      );
    };
    // A text field paints its focus on the outline around the input.
    const visible = painted(el) || el.matches('.Mui-focused input, .Mui-focused [role="combobox"]');
    return {
      key:
        el.id ||
        `${el.tagName}:${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40)}`,
      inMain: !!el.closest('main'),
      visible,
    };
  });

/** Every control in <main> a keyboard user must be able to reach (one stop per radio group). */
const controls = (page: Page) =>
  page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'main a[href], main button, main input, main select, main textarea, main [tabindex="0"]',
      ),
    ]
      .filter((el) => {
        if (el.tabIndex < 0 || el.matches(':disabled') || el.closest('[aria-hidden="true"]')) {
          return false;
        }
        if (el instanceof HTMLInputElement && el.type === 'radio' && !el.checked) return false;
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return (box.width > 0 || box.height > 0) && style.visibility !== 'hidden';
      })
      .map(
        (el) =>
          el.id ||
          `${el.tagName}:${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40)}`,
      ),
  );

test('every account page is usable by keyboard alone', async ({ page }) => {
  // Five pages, up to 120 key presses each: longer than one flow's 90 s on a loaded machine.
  test.setTimeout(180_000);
  await signedIn(page, 'keyboard');
  for (const name of pages) {
    await page.goto(`/account-management/${name}`);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');

    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');

    const reached = new Set<string>();
    const unpainted: string[] = [];
    for (let i = 0; i < 120; i += 1) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      if (!now) continue;
      if (!now.inMain) break;
      if (!now.visible) unpainted.push(now.key);
      reached.add(now.key);
    }
    const expected = await controls(page);
    expect(reached.size, `${name}: controls reached`).toBeGreaterThanOrEqual(
      new Set(expected).size,
    );
    expect(
      expected.filter((key) => !reached.has(key)),
      `${name}: controls Tab never reaches`,
    ).toEqual([]);
    expect(unpainted, `${name}: focus without a visible indicator`).toEqual([]);
  }

  // And a form works from the keys: a deposit limit typed and sent with Enter.
  const amount = page.getByRole('textbox', { name: 'Amount (USD)' });
  for (
    let i = 0;
    i < 60 && !(await amount.evaluate((el) => el === document.activeElement));
    i += 1
  ) {
    await page.keyboard.press('Shift+Tab');
  }
  await expect(amount).toBeFocused();
  await page.keyboard.type('100');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('region', { name: 'Deposit, loss and wager limits' }).getByRole('alert'),
  ).toHaveText('Your limit is in force now.');
});
