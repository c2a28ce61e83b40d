import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
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
async function cms(method: string, route: string, body?: unknown) {
  const answer = await fetch(`${CMS}${route}`, {
    method,
    headers: {
      Authorization: `Bearer ${secrets.CMS_EDITOR_TOKEN}`,
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${method} ${route}: ${answer.status} ${await answer.text()}`);
  return answer.json() as Promise<{ data: Record<string, unknown> }>;
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
    sites.push(await startOwnServer({ port, env: { ...siteEnv, JOB_WORKERS: jobs } }));
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
});

test('an editor’s draft shows in preview only; published, it is live on both servers within 2 s; unpublished, it is gone', async ({
  page,
}) => {
  const [a, b] = sites as [(typeof sites)[0], (typeof sites)[0]];
  // A saved draft: the live pages do not change, the preview shows it at once.
  const saved = Date.now();
  await cms('PUT', '/api/footer?locale=en&status=draft', {
    data: { category: await renamedCategories('en', 'Casino draft') },
  });
  await page.goto(
    `${b.origin}/api/draft?secret=${encodeURIComponent(secrets.PREVIEW_SECRET)}&url=/`,
  );
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
  await expect(page.getByRole('complementary', { name: 'Preview' })).toContainText(
    'Preview — not published',
  );
  await expect(page.getByRole('heading', { name: 'Casino draft' })).toBeVisible();
  const previewMs = Date.now() - saved;
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
    description: `preview ${previewMs} ms after saving; live on A ${onA} ms, on B ${onB} ms after publishing`,
  });
  console.log(test.info().annotations.at(-1)!.description);

  // German published, then unpublished: /de falls back to the English footer.
  await cms('PUT', '/api/footer?locale=de', {
    data: { category: await renamedCategories('de', 'Kasino veröffentlicht') },
  });
  await until(`${b.origin}/de`, 'Kasino veröffentlicht');
  const login = await fetch(`${CMS}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: secrets.CMS_ADMIN_EMAIL, password: secrets.CMS_ADMIN_PASSWORD }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const unpublished = await fetch(
    `${CMS}/content-manager/single-types/api::footer.footer/actions/unpublish?locale=de`,
    { method: 'POST', headers: { Authorization: `Bearer ${data.token}` } },
  );
  expect(unpublished.status).toBe(200);
  await until(`${b.origin}/de`, 'Kasino veröffentlicht', false);
  await until(`${b.origin}/de`, 'Casino published');
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
