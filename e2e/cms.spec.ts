import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { Client } from 'pg';
import { CMS_DIR, cmsEnv, newCmsSecrets, siteEnvFor } from '../scripts/cms-env.cjs';
import { expect, test } from './fixtures';
import { expectAccessible } from './helpers';
import { startOwnServer } from './own-server';

/**
 * The content service for real (issue 16): a Strapi 5 started from cms/ on its own PostgreSQL
 * database, seeded from content/, and two site servers on one PostgreSQL and one Redis reading it.
 * An editor's draft shows in preview only; publishing it reaches both servers through the
 * webhook; unpublishing takes it away; with the CMS stopped, pages still render. Runs in the `cms`
 * project (playwright.config), which exists when PostgreSQL, Redis and cms/node_modules are there.
 */
test.describe.configure({ mode: 'serial' });

const adminUrl = process.env.TEST_DATABASE_URL!;
const redisUrl = process.env.TEST_REDIS_URL!;
const CMS = 'http://127.0.0.1:3137';
const secrets = {
  ...newCmsSecrets(),
  CMS_EDITOR_TOKEN: 'cms-e2e-editor-token-0123456789abcdef',
  CMS_ADMIN_EMAIL: 'editor@example.com',
  CMS_ADMIN_PASSWORD: 'Editor-e2e-password1',
};
const run = Date.now().toString(36);
const databases = [`cms_e2e_${run}`, `site_e2e_${run}`];
const databaseUrl = (name: string) =>
  Object.assign(new URL(adminUrl), { pathname: `/${name}` }).href;

let strapi: ChildProcess | undefined;
const sites: { origin: string; server: ChildProcess }[] = [];

/** The CMS's REST API with the automation token, as an editor's tool (or the panel) writes. */
async function cms<T = { data: Record<string, unknown> }>(
  method: string,
  route: string,
  body?: unknown,
): Promise<T> {
  const answer = await fetch(`${CMS}${route}`, {
    method,
    headers: {
      Authorization: `Bearer ${secrets.CMS_EDITOR_TOKEN}`,
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${method} ${route}: ${answer.status} ${await answer.text()}`);
  return answer.json() as Promise<T>;
}

type Category = { title: string; onlyIcons: boolean; link: Record<string, unknown>[] };
/** The footer's link columns in a language, the first one renamed (ids dropped: new components). */
async function renamedCategories(locale: string, title: string): Promise<Category[]> {
  const { data } = await cms(
    'GET',
    `/api/footer?locale=${locale}&populate[category][populate][link]=true`,
  );
  const strip = (link: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(link).filter(([key]) => key !== 'id'));
  return (data.category as (Category & { id: number })[]).map((c, i) => ({
    title: i === 0 ? title : c.title,
    onlyIcons: c.onlyIcons,
    link: c.link.map(strip),
  }));
}

/** An admin session, as the panel's editor has (the admin API: publish actions, preview links). */
async function adminToken(): Promise<string> {
  const login = await fetch(`${CMS}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: secrets.CMS_ADMIN_EMAIL, password: secrets.CMS_ADMIN_PASSWORD }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

const withoutIds = (value: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'id'));

type Banner = Record<string, unknown> & {
  title: string;
  image: { id: number };
  tabletImage?: { id: number } | null;
  mobileImage?: { id: number } | null;
  cta?: Record<string, unknown> | null;
};
/** The home page's banners as the API writes them (media by id), the first one retitled. */
async function retitledHero(title: string) {
  const { data } = await cms('GET', '/api/home-page?locale=en&populate[hero][populate]=*');
  return (data.hero as Banner[]).map((b, i) => ({
    title: i === 0 ? title : b.title,
    text: b.text ?? null,
    image: b.image.id,
    tabletImage: b.tabletImage?.id ?? null,
    mobileImage: b.mobileImage?.id ?? null,
    cta: b.cta ? withoutIds(b.cta) : null,
  }));
}

/** When the page's HTML was all in, in the browser's clock (epoch ms). */
function deliveredAt(page: Page): Promise<number> {
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType(
      'navigation',
    ) as PerformanceNavigationTiming[];
    return Math.round(performance.timeOrigin + (navigation?.responseEnd ?? NaN));
  });
}

/**
 * When the editor got a page showing a heading with this text, in the browser's own clock (epoch
 * ms), not the test's polling: `delivered`, the moment its HTML was all in (navigation timing's
 * responseEnd: what the site controls), and `painted`, the first frame in which the heading is
 * there (a requestAnimationFrame callback runs just before its paint). On a reload the browser
 * runs the cached scripts before its first paint, so `painted` adds this machine's hydration
 * time: it is reported, and the 2 s goal is held by `delivered`.
 */
async function watchFirstFrame(
  page: Page,
  text: string,
): Promise<() => Promise<{ delivered: number; painted: number }>> {
  await page.addInitScript((wanted) => {
    const w = window as Window & { __shownAt?: number };
    const look = () => {
      const headings = document.querySelectorAll('h1, h2, h3, h4, h5, h6');
      if ([...headings].some((h) => h.textContent?.includes(wanted))) {
        w.__shownAt = Math.round(performance.timeOrigin + performance.now());
      } else if (performance.now() < 15_000) requestAnimationFrame(look); // then, a page without it
    };
    requestAnimationFrame(look);
  }, text);
  return async () => {
    const painted = await page.evaluate(
      () => (window as Window & { __shownAt?: number }).__shownAt,
    );
    const delivered = await deliveredAt(page);
    expect(painted, `a frame showing "${text}"`).toBeDefined();
    expect(delivered).not.toBeNaN();
    return { delivered, painted: painted! };
  };
}

/** Polls a page's HTML, as a visitor without cookies gets it, until it contains (or not) a text. */
async function until(url: string, text: string, present = true, timeout = 10_000) {
  const started = Date.now();
  for (;;) {
    const html = await (await fetch(url)).text();
    if (html.includes(text) === present) return Date.now() - started;
    if (Date.now() - started > timeout)
      throw new Error(`${url}: "${text}" never ${present ? 'came' : 'went'}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  for (const name of databases) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const siteEnv = {
    ...siteEnvFor({ cmsUrl: CMS, secrets }),
    DATABASE_URL: databaseUrl(databases[1]!),
    REDIS_URL: redisUrl,
    AUTH_SECRET: 'cms-e2e-auth-secret-0123456789abcdefghij',
  };
  strapi = spawn(path.join(CMS_DIR, 'node_modules/.bin/strapi'), ['start'], {
    cwd: CMS_DIR,
    env: {
      ...process.env,
      ...cmsEnv({
        databaseUrl: databaseUrl(databases[0]!),
        siteUrl: 'http://localhost:3138',
        port: 3137,
        secrets,
        serveAdminPanel: false,
      }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Migrating and seeding 12 languages takes a minute or two on two cores.
  await expect
    .poll(async () => (await fetch(`${CMS}/_health`).catch(() => null))?.status, {
      timeout: 240_000,
      intervals: [1000],
    })
    .toBe(204);
  await expect
    .poll(
      async () =>
        (
          await fetch(`${CMS}/api/footer?locale=en`, {
            headers: { Authorization: `Bearer ${secrets.CMS_API_TOKEN}` },
          })
        ).status,
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe(200);
  // A is where the webhook lands; B a web-only replica: both share PostgreSQL and Redis.
  for (const [port, jobs] of [
    [3138, 'true'],
    [3139, 'false'],
  ] as const) {
    sites.push(
      await startOwnServer({
        port,
        env: { ...siteEnv, JOB_WORKERS: jobs },
        probe: '/api/v1/health/ready',
      }),
    );
  }
});

test.afterAll(async () => {
  const stopped = (p: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (p.exitCode !== null || p.signalCode !== null) return resolve();
      p.once('exit', () => resolve());
      p.kill('SIGTERM');
    });
  await Promise.all([...sites.map((s) => stopped(s.server)), strapi && stopped(strapi)]);
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

test('the site shows what the CMS holds: the seeded footer and the logo from its media library', async ({
  page,
}) => {
  await page.goto(sites[1]!.origin);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('heading', { name: 'Casino', exact: true })).toBeVisible();
  const logo = page.getByRole('banner').getByRole('img').first();
  await expect(logo).toHaveAttribute('src', new RegExp(`^${CMS}/uploads/`));
  // The home page, a help article and a legal page, seeded in every language.
  const hero = page.getByTestId('hero-banner').first();
  await expect(hero.getByRole('heading')).toHaveText(
    'Coming soon: up to 300% on your first four deposits',
  );
  await expect(hero.locator('img')).toHaveAttribute('src', new RegExp(`^${CMS}/uploads/`));
  await expect(page.getByTestId('promotions-strip').getByTestId('promotion-card')).toHaveCount(4);
  await page.goto(`${sites[1]!.origin}/ja/help/deposit-crypto`);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('How do I deposit crypto?');
  expect((await fetch(`${sites[1]!.origin}/legal/aml-kyc`)).status).toBe(200);
});

test('an editor’s draft shows in preview only; published, it is live on both servers within 2 s; unpublished, it is gone', async ({
  page,
}) => {
  const [a, b] = sites as [(typeof sites)[0], (typeof sites)[0]];
  // The editor is in preview (Strapi's button entered it), then saves a draft: the live pages do
  // not change, the preview shows it at once. The clock starts at the save, not at the sign-in.
  await page.goto(
    `${b.origin}/api/draft?secret=${encodeURIComponent(secrets.PREVIEW_SECRET)}&url=/`,
  );
  await expect(page.getByRole('complementary', { name: 'Preview' })).toContainText(
    'Preview — not published',
  );
  // What a preview page costs on this machine now, the same way: the baseline of the figure below.
  await page.waitForLoadState('networkidle');
  const reloaded = Date.now();
  await page.reload();
  const baselineMs = (await deliveredAt(page)) - reloaded;
  // An editor saves in Strapi while the preview has long finished loading.
  await page.waitForLoadState('networkidle');
  const shown = await watchFirstFrame(page, 'Casino draft');
  await cms('PUT', '/api/footer?locale=en&status=draft', {
    data: { category: await renamedCategories('en', 'Casino draft') },
  });
  const saved = Date.now();
  await page.reload({ waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Casino draft' })).toBeVisible();
  const preview = await shown();
  const [previewMs, paintedMs] = [preview.delivered - saved, preview.painted - saved];
  // Within 2 s; where this machine is slow enough that a preview page alone takes a second or
  // more, within twice that (Strapi is still busy with the save): nothing stands between a save
  // and its preview, no cache and no wait, whatever the machine.
  expect(previewMs).toBeLessThanOrEqual(Math.max(2000, 2 * baselineMs));
  // Strapi shows the preview in a frame: only draft pages may be framed, and only by the CMS.
  const framing = async (cookie?: string) =>
    (await fetch(`${b.origin}/`, { headers: cookie ? { cookie } : {} })).headers.get(
      'content-security-policy',
    );
  const draftCookie = (await page.context().cookies(b.origin))
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
  expect(await framing(draftCookie)).toContain(`frame-ancestors 'self' ${CMS}`);
  expect(await framing()).toContain("frame-ancestors 'none'");
  await expectAccessible(page, 'preview');
  expect(await (await fetch(`${b.origin}/`)).text()).not.toContain('Casino draft');
  await page.getByRole('link', { name: 'Exit preview' }).click();
  await expect(page.getByRole('complementary', { name: 'Preview' })).toHaveCount(0);

  // Published: the webhook reaches A, A tells B over Redis.
  await cms('PUT', '/api/footer?locale=en', {
    data: { category: await renamedCategories('en', 'Casino published') },
  });
  const [onA = 0, onB = 0] = await Promise.all(
    [a, b].map((s) => until(`${s.origin}/`, 'Casino published')),
  );
  expect(Math.max(onA, onB)).toBeLessThanOrEqual(2000);
  test.info().annotations.push({
    type: 'latency',
    description: `preview delivered ${previewMs} ms (painted ${paintedMs} ms) after the save answered, a preview page before it ${baselineMs} ms; live on A ${onA} ms, on B ${onB} ms after publishing`,
  });
  console.log(test.info().annotations.at(-1)!.description);

  // German published, then unpublished: /de falls back to the English footer.
  await cms('PUT', '/api/footer?locale=de', {
    data: { category: await renamedCategories('de', 'Kasino veröffentlicht') },
  });
  await until(`${b.origin}/de`, 'Kasino veröffentlicht');
  const unpublished = await fetch(
    `${CMS}/content-manager/single-types/api::footer.footer/actions/unpublish?locale=de`,
    { method: 'POST', headers: { Authorization: `Bearer ${await adminToken()}` } },
  );
  expect(unpublished.status).toBe(200);
  await until(`${b.origin}/de`, 'Kasino veröffentlicht', false);
  await until(`${b.origin}/de`, 'Casino published');
});

test('an editor edits the home page and adds a promotion: Strapi’s preview opens each draft on its page; published, both are live on both servers within 2 s', async ({
  page,
}) => {
  const [a, b] = sites as [(typeof sites)[0], (typeof sites)[0]];
  const token = await adminToken();
  /** The link Strapi's preview button opens for a document (config/admin.js → src/preview.js). */
  const previewLink = async (uid: string, documentId?: string) => {
    const query = new URLSearchParams({ locale: 'en', status: 'draft' });
    if (documentId) query.set('documentId', documentId);
    const answer = await fetch(`${CMS}/content-manager/preview/url/${uid}?${query}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return ((await answer.json()) as { data: { url: string } }).data.url;
  };

  // Drafts: the first banner retitled, a new promotion (its image from the media library).
  await cms('PUT', '/api/home-page?locale=en&status=draft', {
    data: { hero: await retitledHero('Hero draft') },
  });
  const { data: existing } = await cms<{ data: { image: { id: number } }[] }>(
    'GET',
    '/api/promotions?locale=en&populate[image]=true&pagination[pageSize]=1',
  );
  const promotion = {
    slug: 'spring-race',
    title: 'Spring race: 10,000 USDT',
    summary: 'A leaderboard race on live casino games.',
    image: existing[0]!.image.id,
    body: [{ type: 'paragraph', children: [{ type: 'text', text: 'Every bet counts.' }] }],
    startsAt: '2026-01-01T00:00:00.000Z',
    position: 0,
  };
  const { data: draft } = await cms('POST', '/api/promotions?locale=en&status=draft', {
    data: promotion,
  });

  const homeLink = await previewLink('api::home-page.home-page');
  expect(new URL(homeLink).searchParams.get('url')).toBe('/');
  const homeOpened = Date.now();
  await page.goto(homeLink);
  // The baseline of the promotion's figure below: a preview link opened the same way.
  const baselineMs = (await deliveredAt(page)) - homeOpened;
  await expect(page.getByTestId('hero-banner').first().getByRole('heading')).toHaveText(
    'Hero draft',
  );
  // The preview button a moment after saving: the draft on its own page within 2 s.
  const promotionLink = await previewLink('api::promotion.promotion', String(draft.documentId));
  expect(new URL(promotionLink).searchParams.get('url')).toBe('/promotions/spring-race');
  await page.waitForLoadState('networkidle');
  const shown = await watchFirstFrame(page, 'Spring race: 10,000 USDT');
  const opened = Date.now();
  await page.goto(promotionLink, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spring race: 10,000 USDT');
  await expect(page.getByRole('complementary', { name: 'Preview' })).toBeVisible();
  const preview = await shown();
  const [previewMs, paintedMs] = [preview.delivered - opened, preview.painted - opened];
  expect(previewMs).toBeLessThanOrEqual(Math.max(2000, 2 * baselineMs));
  await expectAccessible(page, 'promotion preview');
  // Live pages, for a visitor: unchanged.
  expect((await fetch(`${a.origin}/promotions/spring-race`)).status).toBe(404);
  expect(await (await fetch(`${b.origin}/`)).text()).not.toContain('Hero draft');

  // Published: polled from the moment the second publish answered.
  await cms('PUT', '/api/home-page?locale=en', {
    data: { hero: await retitledHero('Hero published') },
  });
  await cms('PUT', `/api/promotions/${String(draft.documentId)}?locale=en`, { data: promotion });
  const waits = await Promise.all(
    [a, b].flatMap((s) => [
      until(`${s.origin}/`, 'Hero published'),
      until(`${s.origin}/`, 'Spring race: 10,000 USDT'),
      until(`${s.origin}/promotions/spring-race`, 'Every bet counts.'),
    ]),
  );
  const liveMs = Math.max(...waits);
  expect(liveMs).toBeLessThanOrEqual(2000);
  test.info().annotations.push({
    type: 'latency',
    description: `home page + promotion: promotion preview delivered ${previewMs} ms (painted ${paintedMs} ms) after opening, the home page's ${baselineMs} ms; live on both ${liveMs} ms after publishing`,
  });
  console.log(test.info().annotations.at(-1)!.description);
});

test('an announcement set in the extra configuration shows on every page of both servers', async ({
  page,
}) => {
  const message = 'Maintenance tonight from 02:00 to 03:00 UTC';
  await cms('PUT', '/api/extra-configuration?locale=en', {
    data: { announcement: { message, link: '/promotions', tone: 'warning' } },
  });
  for (const site of sites) await until(`${site.origin}/casino`, message);
  await page.goto(`${sites[1]!.origin}/slots`);
  const banner = page.getByRole('complementary', { name: 'Announcement' });
  await expect(banner).toContainText(message);
  await expect(banner.getByRole('link', { name: 'Learn more' })).toHaveAttribute(
    'href',
    '/promotions',
  );
  await expectAccessible(page, 'announcement');
});

test('with the CMS stopped, pages still render: the last good copy, else the embedded content', async () => {
  await new Promise<void>((resolve) => {
    strapi!.once('exit', () => resolve());
    strapi!.kill('SIGTERM');
  });
  for (const path of ['/casino', '/ja']) {
    const answer = await fetch(`${sites[1]!.origin}${path}`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('<footer');
  }
  expect(await (await fetch(`${sites[0]!.origin}/slots`)).text()).toContain('Casino published');
});
