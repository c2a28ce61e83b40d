import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { studioApp } from './app';
import { frameAssets } from './assets';
import { betRtps, engineRtps, studioGames, unplayedTitles } from './catalog';
import { studioKeys } from './keys';
import { SIGNATURE_HEADER, type WalletAnswer } from './protocol';
import { Studio } from './studio';

/*
 * The demo studio on its own port (started by `npm start` when no aggregator is configured):
 *   node --import tsx studio/server.ts --port 0 --data .data --site http://localhost:3000
 * Its keys live under <data>/studio; it checks the operator's calls with
 * <data>/hub88/operator-public.pem. When listening it prints one line, `STUDIO {json}`, with its
 * origin and public key for the launcher.
 */

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    data: { type: 'string', default: '.data' },
    site: { type: 'string', default: 'http://localhost:3000' },
  },
});
const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.resolve(values.data!);
const site = new URL(values.site!).origin;
/** The site as a browser may reach it on this machine: by its name and by its loopback address. */
function frameAncestors(origin: string): string {
  const url = new URL(origin);
  if (url.hostname !== 'localhost') return origin;
  return `${origin} ${url.protocol}//127.0.0.1${url.port ? `:${url.port}` : ''}`;
}
const keys = studioKeys(path.join(dataDir, 'studio'));
const operatorKey = createPublicKey(
  readFileSync(path.join(dataDir, 'hub88', 'operator-public.pem'), 'utf8'),
);
const codes = new Map(studioGames.map((game) => [game.code, game.engine]));

const studio = new Studio({
  privateKey: keys.privateKey,
  engineOf: (code) => codes.get(code) ?? null,
  send: async (op, bytes, signature) => {
    const response = await fetch(`${site}/api/v1/casino/hub88/${op}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
      body: bytes,
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) return { status: 'RS_ERROR_UNKNOWN' };
    return (await response.json()) as WalletAnswer;
  },
});

async function main() {
  const assets = await frameAssets(root);
  const rtps = engineRtps();
  let handle: ReturnType<typeof studioApp> | null = null;
  const server = createServer((req, res) => {
    handle!(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"error":"studio error"}');
    });
  });
  server.listen(Number(values.port), '127.0.0.1', () => {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    handle = studioApp(studio, {
      origin,
      operatorKey,
      siteOrigin: frameAncestors(site),
      root,
      games: studioGames,
      unplayed: unplayedTitles,
      rtps,
      betRtps: betRtps(),
      assets,
    });
    console.log(`STUDIO ${JSON.stringify({ origin, publicPem: keys.publicPem })}`);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => server.close(() => process.exit(0)));
  }
  // Its launcher (scripts/start.mjs) killed outright: the studio goes with it.
  if (process.connected) process.once('disconnect', () => server.close(() => process.exit(0)));
}

// tsx runs this file as CommonJS, where a top-level await is not allowed.
void main();
