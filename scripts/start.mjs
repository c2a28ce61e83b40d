#!/usr/bin/env node
// `npm start`: installs and builds when needed, then serves the site and API on PORT (3000)
// with the embedded database (PGlite under .data/), the demo content and, unless real payments
// are configured, a local test chain with a demo operator.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { demoCredentials, otpauthUrl } from './demo/credentials.mjs';
import { freePort } from './demo/free-port.mjs';
import { demoChainWanted } from './demo/mode.mjs';
import { startStudio, studioWanted } from './demo/studio.mjs';
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
// The sportsbook's demo feed (invented matches in every sport section); the site honours it on
// this machine only.
const demoSports = { SPORTS_DEMO_FEED: 'true' };
// Links (canonical, hreflang, Open Graph) name the address this demo is really served on.
const port = process.env.PORT ?? '3000';
const siteUrl = process.env.SITE_URL ?? `http://localhost:${port}`;
// Nothing real configured: a local chain to deposit on and be paid from, and an operator to
// approve with (scripts/demo/).
const demo = demoChainWanted(process.env, siteUrl) ? await startDemoChain() : null;
// No aggregator configured: the demo studio plays the casino's games for real, through the same
// signed Games and Wallet APIs an aggregator uses (studio/, docs/studio.md).
const studio = studioWanted(process.env, siteUrl)
  ? await startStudio({
      root,
      dataDir: path.resolve(root, process.env.DEMO_DATA_DIR ?? '.data'),
      siteUrl,
    }).catch((err) => {
      // The site still serves, each game in its demo frame.
      console.error(`The demo studio did not start: ${err.message}`);
      return null;
    })
  : null;

// The IPC channel tells the server and the chain when this process is gone, even killed outright.
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server.ts'], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: {
    ...demoOutbox,
    ...demoWallet,
    ...demoSports,
    SITE_URL: siteUrl,
    ...demo?.env,
    ...studio?.env,
    ...process.env,
    NODE_ENV: 'production',
  },
});
const stopAll = (signal) => {
  child.kill(signal);
  demo?.chain.kill(signal);
  studio?.studio.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
// Out only once the chain is too: its data directory stays locked until then (ledger:check --chain
// opens it right after a stop).
child.on('exit', (code) => {
  studio?.studio.kill('SIGTERM');
  const done = () => process.exit(code ?? 0);
  if (!demo || demo.chain.exitCode !== null || demo.chain.signalCode !== null) return done();
  demo.chain.once('exit', done);
  demo.chain.kill('SIGTERM');
});
if (demo) void announceDemo(demo.credentials, demo.env.OPERATOR_TOKEN);

/**
 * Starts the chain (scripts/chain/demo.ts) on a free port; resolves with the site's settings. A
 * port found free can be taken before the chain binds it (a busy machine's outgoing connections
 * draw from the same range): a chain that exits before it is ready is started again on another.
 */
async function startDemoChain() {
  const dataDir = path.resolve(root, process.env.DEMO_DATA_DIR ?? '.data');
  let started;
  for (let attempt = 1; !started; attempt += 1) {
    try {
      started = await chainOnFreePort(dataDir);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`${error.message}: starting it again on another port…`);
    }
  }
  const { chain, chainEnv } = started;
  const credentials = demoCredentials(dataDir);
  return {
    chain,
    credentials,
    env: {
      ...chainEnv,
      DEV_CHAIN: 'true',
      OPERATOR_TOKEN: process.env.OPERATOR_TOKEN ?? credentials.operatorToken,
      DEMO_ADMIN_EMAIL: credentials.admin.email,
      DEMO_ADMIN_PASSWORD: credentials.admin.password,
      DEMO_ADMIN_TOTP_SECRET: credentials.admin.totpSecret,
    },
  };
}

/** One start of the chain on a port free a moment ago: the process and the settings it printed. */
async function chainOnFreePort(dataDir) {
  const chainPort = await freePort();
  console.log(`Starting the local test chain on port ${chainPort} (kept in ${dataDir}/chain)…`);
  const chain = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/chain/demo.ts',
      '--port',
      String(chainPort),
      '--data',
      path.join(dataDir, 'chain'),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  );
  const chainEnv = await new Promise((resolve, reject) => {
    let seen = '';
    chain.stdout.on('data', (chunk) => {
      seen += chunk;
      const line = seen.split('\n').find((l) => l.startsWith('DEMO_CHAIN '));
      if (line) resolve(JSON.parse(line.slice('DEMO_CHAIN '.length)));
    });
    chain.on('exit', (code) => reject(new Error(`the local test chain exited (${code})`)));
  });
  return { chain, chainEnv };
}

/** Once the site answers: what a newcomer needs to approve a withdrawal, in the terminal. */
async function announceDemo(credentials, operatorToken) {
  const health = `http://127.0.0.1:${port}/api/v1/health`;
  for (let tries = 0; tries < 240; tries += 1) {
    const up = await fetch(health).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const { admin } = credentials;
  const siteName = process.env.SITE_NAME ?? 'Nova Casino';
  console.log(
    [
      '',
      'Local test chain (not Ethereum mainnet): deposits are test tokens, worth nothing.',
      `  Deposit: open the wallet at ${siteUrl}, Deposit, "Send a test deposit".`,
      `  Demo operator token: ${operatorToken}`,
      `  Back office: ${siteUrl}/operator, as the demo admin:`,
      `    Email:       ${admin.email}`,
      `    Password:    ${admin.password}`,
      `    TOTP secret: ${admin.totpSecret}`,
      `    (authenticator app: ${otpauthUrl(siteName, admin)})`,
      '',
    ].join('\n'),
  );
}
