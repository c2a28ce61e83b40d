#!/usr/bin/env node
// `npm start`: installs and builds when needed, then serves the site and API on PORT (3000)
// with the embedded database (PGlite under .data/) and the demo content.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ensureInstall } from './ensure-install.mjs';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
ensureInstall(root);
const buildId = path.join(root, '.next', 'BUILD_ID');
const sources = [
  'app',
  'components',
  'lib',
  'messages',
  'content',
  'public',
  'proxy.ts',
  'instrumentation.ts',
  'next.config.mjs',
  'package-lock.json',
  'tsconfig.json',
];

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (max, name) => Math.max(max, newest(path.join(target, name))),
    stat.mtimeMs,
  );
}

const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (process.env.SKIP_BUILD !== '1' && builtAt < changedAt) {
  console.log(
    builtAt ? 'Sources changed since the last build: building…' : 'No build yet: building…',
  );
  const build = spawnSync('npx', ['next', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The local demo has no mail server: codes (sign-up, password reset) go to the development outbox
// at /dev/outbox unless SMTP_URL / SMS_WEBHOOK_URL say otherwise. A real deployment sets those and
// runs server.ts itself, where the outbox stays off.
const demoOutbox =
  process.env.SMTP_URL || process.env.SMS_WEBHOOK_URL ? {} : { DEV_OUTBOX: 'true' };
// Deposit addresses come from a development key kept in the database unless the operator's
// WALLET_XPUB is set; a real deployment (server.ts run directly) without one takes no deposits.
const demoWallet = process.env.WALLET_XPUB ? {} : { DEV_WALLET: 'true' };
// Links (canonical, hreflang, Open Graph) name the address this demo is really served on.
const siteUrl = { SITE_URL: `http://localhost:${process.env.PORT ?? 3000}` };
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...demoOutbox, ...demoWallet, ...siteUrl, ...process.env, NODE_ENV: 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
