import { test } from './fixtures';

/** The screenshot set the shell is reviewed with: desktop and phone, light and dark, en and ar. */
const shots = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

for (const { name, viewport } of shots) {
  for (const mode of ['light', 'dark'] as const) {
    for (const lang of ['en', 'ar'] as const) {
      test(`screenshot ${name} ${mode} ${lang}`, async ({ page, baseURL }) => {
        await page.setViewportSize(viewport);
        await page.context().addCookies([
          {
            name: 'display-settings',
            value: JSON.stringify({ themeMode: mode, language: lang }),
            url: baseURL!,
          },
        ]);
        await page.goto(lang === 'en' ? '/' : `/${lang}`);
        await page.waitForLoadState('networkidle');
        await page.screenshot({
          path: `test-results/screens/${name}-${mode}-${lang}.png`,
          fullPage: true,
          animations: 'disabled',
        });
      });
    }
  }
}
