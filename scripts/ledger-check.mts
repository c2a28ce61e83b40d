/**
 * `npm run ledger:check`: every ledger invariant over the whole database (DATABASE_URL, or the
 * embedded one under PGLITE_DATA_DIR / .data). Exits 1 and lists what is broken, if anything is.
 * With `-- --chain`, each hot wallet's mined transactions are walked too (nonce 0…n) and matched
 * to the payouts they paid or cancelled; its balances are printed for information. With no chain
 * configured, that is the demo chain `npm start` kept under DEMO_DATA_DIR (.data/chain), opened
 * here for the check: run it with the site stopped, as PGlite (one process at a time) needs too.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startNode } from './chain/node';
import { siteEnv } from './chain/tokens';
import { freePort } from './demo/free-port.mjs';
import { REAL_PAYMENT_SETTINGS } from './demo/mode.mjs';

const wantsChain = process.argv.includes('--chain');
const keptChain = wantsChain ? await openKeptDemoChain() : null;
// The site's configuration is read when its modules load: after the demo chain's settings are in.
const { closeDb } = await import('@/lib/server/db');
const { checkChains } = await import('@/lib/server/wallet/chain-check');
const { checkLedger } = await import('@/lib/server/wallet/ledger-check');

try {
  const violations = await checkLedger();
  const chain = wantsChain ? await checkChains() : null;
  if (violations.length === 0) {
    console.log('ledger: every invariant holds');
  } else {
    for (const v of violations) console.error(`ledger: ${v.rule}: ${v.detail}`);
    process.exitCode = 1;
  }
  if (chain) {
    for (const line of chain.balances) console.log(`chain: balance ${line}`);
    if (chain.mismatches.length === 0)
      console.log('chain: every mined payout matches one withdrawal');
    for (const m of chain.mismatches) console.error(`chain: ${m.rule}: ${m.detail}`);
    if (chain.mismatches.length) process.exitCode = 1;
  }
} finally {
  await closeDb();
  await keptChain?.stop();
}

/** The demo chain's kept blocks, served on a free port for as long as the check runs. */
async function openKeptDemoChain() {
  if (REAL_PAYMENT_SETTINGS.some((name) => process.env[name])) return null;
  const dir = path.resolve(process.env.DEMO_DATA_DIR ?? '.data', 'chain');
  if (!existsSync(path.join(dir, 'CURRENT'))) return null;
  const port = await freePort();
  let node;
  try {
    node = await startNode({ port, dbPath: dir });
  } catch {
    // Ganache holds its data directory's lock while it runs.
    console.error(`chain: could not open the demo chain in ${dir}: is npm start still running?`);
    process.exit(1);
  }
  Object.assign(process.env, siteEnv(port));
  console.log(`chain: the demo chain kept in ${dir}`);
  return node;
}
