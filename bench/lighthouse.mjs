/**
 * Lighthouse 12 (mobile, simulated throttling) in Debian's Chromium: the median of several runs,
 * since this CPU makes single scores swing by 10 points (MACHINE-FACTS).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export async function lighthouseMedians(url, runs) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const results = [];
  try {
    for (let i = 0; i < runs; i += 1) {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'seo', 'accessibility'],
      });
      results.push({
        performance: (lhr.categories.performance.score ?? 0) * 100,
        seo: (lhr.categories.seo.score ?? 0) * 100,
        accessibility: (lhr.categories.accessibility.score ?? 0) * 100,
        tbt: lhr.audits['total-blocking-time'].numericValue ?? NaN,
        cls: lhr.audits['cumulative-layout-shift'].numericValue ?? NaN,
        lcp: lhr.audits['largest-contentful-paint'].numericValue ?? NaN,
      });
    }
  } finally {
    chrome.kill();
  }
  return Object.fromEntries(
    Object.keys(results[0]).map((key) => [key, median(results.map((r) => r[key]))]),
  );
}
