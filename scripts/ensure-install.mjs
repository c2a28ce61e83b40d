// Installs dependencies when node_modules is missing or older than the lockfile, so a fresh clone
// needs nothing but `npm start` or `npm test`. Uses only Node built-ins: it runs before the install.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

export function ensureInstall(root) {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const stale =
    !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs);
  if (!stale) return;
  console.log('Installing dependencies…');
  // `npm ci` refuses a lockfile made on this platform (MACHINE-FACTS): install instead.
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
