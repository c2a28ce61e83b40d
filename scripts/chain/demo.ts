// The demo's chain, started by `npm start` (scripts/start.mjs) when nothing real is configured:
// Ganache kept under the data directory (a restart finds its blocks, tokens and balances again,
// as PGlite does the ledger), the test tokens deployed and the hot wallet funded once. Says
// `DEMO_CHAIN <site settings as JSON>` once ready, then runs until stopped.
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startNode } from './node';
import { setUpTokens } from './setup';
import { siteEnv } from './tokens';

async function main() {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, data: { type: 'string' } },
  });
  if (!values.port || !values.data) throw new Error('usage: demo.ts --port <port> --data <dir>');
  mkdirSync(values.data, { recursive: true });
  const port = Number(values.port);
  const node = await startNode({ port, blockTime: 2, dbPath: values.data });
  const stop = () => void node.stop().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Its launcher (scripts/start.mjs) gone, killed outright: no chain is left holding the data.
  if (process.connected) process.once('disconnect', stop);
  await setUpTokens(node);
  console.log(`DEMO_CHAIN ${JSON.stringify(siteEnv(port))}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
