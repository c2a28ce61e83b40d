#!/usr/bin/env node
// `npm run cms`: the Strapi 5 content service of cms/, with the site's content seeded, in one
// command. Installs it and builds its admin panel the first time, makes its PostgreSQL database,
// keeps its secrets in cms/.env (made once), then prints how to point the site at it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureInstall } from './ensure-install.mjs';
import { CMS_DIR, CMS_PORT, cmsEnv, newCmsSecrets, siteEnvFor } from './cms-env.cjs';

const root = path.resolve(import.meta.dirname, '..');
ensureInstall(root);
ensureInstall(CMS_DIR);

const databaseUrl =
  process.env.CMS_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/nova_cms';
const siteUrl = process.env.SITE_URL ?? 'http://localhost:3000';
const cmsUrl = `http://localhost:${CMS_PORT}`;

// Secrets made once and kept beside the CMS (git ignores cms/.env).
const envFile = path.join(CMS_DIR, '.env');
const secrets = existsSync(envFile)
  ? Object.fromEntries(
      readFileSync(envFile, 'utf8')
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    )
  : newCmsSecrets();
if (!existsSync(envFile)) {
  writeFileSync(
    envFile,
    Object.entries(secrets)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n') + '\n',
    { mode: 0o600 },
  );
}

// Its own database on the PostgreSQL server, made if missing.
const { default: pg } = await import('pg');
const target = new URL(databaseUrl);
const name = target.pathname.slice(1);
const server = new URL(databaseUrl);
server.pathname = '/postgres';
const admin = new pg.Client({ connectionString: server.href });
try {
  await admin.connect();
} catch (err) {
  console.error(`PostgreSQL is not reachable at ${server.host} (${err.message}).`);
  console.error('Start it (Debian: pg_ctlcluster 15 main start) or set CMS_DATABASE_URL.');
  process.exit(1);
}
const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name.replaceAll('"', '')}"`);
await admin.end();

const env = { ...process.env, ...cmsEnv({ databaseUrl, siteUrl, secrets }) };
const strapi = path.join(CMS_DIR, 'node_modules', '.bin', 'strapi');
if (!existsSync(path.join(CMS_DIR, 'build', 'index.html'))) {
  console.log('Building the CMS admin panel (once, about a minute)…');
  const built = spawnSync(process.execPath, ['scripts/build-admin.js'], {
    cwd: CMS_DIR,
    env,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const site = siteEnvFor({ cmsUrl, secrets });
console.log(`
CMS: ${cmsUrl}/admin — sign in as ${secrets.CMS_ADMIN_EMAIL} / ${secrets.CMS_ADMIN_PASSWORD}
Point the site at it (another terminal):

  ${Object.entries(site)
    .map(([k, v]) => `${k}=${v}`)
    .join(' \\\n  ')} \\
  npm start
`);
const child = spawn(strapi, ['start'], { cwd: CMS_DIR, env, stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
