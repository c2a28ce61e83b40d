// The demo studio (studio/) as `npm start` runs it: when no aggregator is configured and the site
// is served on this machine, the studio plays the aggregator's role over Hub88's signed APIs.
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isLocalUrl } from './mode.mjs';

/** Whether to start it: nothing configured for games, not a production deployment, on localhost. */
export function studioWanted(env, siteUrl) {
  if (env.GAMES_AGGREGATOR || env.GAMES_AGGREGATOR_URL) return false;
  if (env.NODE_ENV === 'production' || /^(false|0|no|off)$/i.test(env.DEMO_STUDIO ?? '')) {
    return false;
  }
  return isLocalUrl(siteUrl);
}

/**
 * The operator's pair, as the site makes it outside production (HUB88_KEY_DIR): the launcher makes
 * it first, since the studio checks the site's calls with its public half and the site, served in
 * production mode, must be given its private half.
 */
export function operatorKeys(dir) {
  const privatePath = path.join(dir, 'operator-private.pem');
  const publicPath = path.join(dir, 'operator-public.pem');
  if (!existsSync(privatePath) || !existsSync(publicPath)) {
    mkdirSync(dir, { recursive: true });
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(privatePath, privateKey.export({ type: 'pkcs8', format: 'pem' }), {
      mode: 0o600,
    });
    writeFileSync(publicPath, publicKey.export({ type: 'spki', format: 'pem' }));
  }
  return readFileSync(privatePath, 'utf8');
}

/** Starts the studio on a free port; resolves with it and the site's settings. */
export async function startStudio({ root, dataDir, siteUrl }) {
  const operatorPrivate = operatorKeys(path.join(dataDir, 'hub88'));
  const studio = spawn(
    process.execPath,
    ['--import', 'tsx', 'studio/server.ts', '--port', '0', '--data', dataDir, '--site', siteUrl],
    // The IPC channel tells the studio when the launcher is gone, even killed outright.
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  );
  const ready = await new Promise((resolve, reject) => {
    let seen = '';
    studio.stdout.on('data', (chunk) => {
      seen += chunk;
      const line = seen.split('\n').find((l) => l.startsWith('STUDIO '));
      if (line) resolve(JSON.parse(line.slice('STUDIO '.length)));
    });
    studio.on('exit', (code) => reject(new Error(`the demo studio exited (${code})`)));
  });
  console.log(`The demo studio plays the casino's games at ${ready.origin}.`);
  return {
    studio,
    env: {
      GAMES_AGGREGATOR: 'hub88',
      GAMES_AGGREGATOR_URL: ready.origin,
      HUB88_OPERATOR_ID: '1',
      HUB88_PUBLIC_KEY: ready.publicPem,
      HUB88_OPERATOR_PRIVATE_KEY: operatorPrivate,
      HUB88_KEY_DIR: path.join(dataDir, 'hub88'),
    },
  };
}
