/**
 * The embedded database's data directory is one process's at a time: the site and
 * `npm run operator:create` take the same lock when they open it (lib/server/db/data-dir-lock.ts).
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { config } from '@/lib/config';
import { closeDb, getDbHandle } from '@/lib/server/db';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from '@/lib/server/db/data-dir-lock';

jest.setTimeout(120_000);

const mutable = config as Record<string, unknown>;
const seedDemo = config.SEED_DEMO;
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'data-dir-lock-'));
  dirs.push(dir);
  return dir;
};
const lockOf = (dir: string) => path.join(dir, LOCK_FILE);
const owner = (dir: string) => Number(readFileSync(lockOf(dir), 'utf8'));

afterAll(async () => {
  await closeDb();
  mutable.PGLITE_DATA_DIR = 'memory://';
  mutable.SEED_DEMO = seedDemo;
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A process of its own that stays alive until killed. */
function liveProcess() {
  return spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
}

/** The id of a process that has come and gone. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

describe('the data directory lock', () => {
  it('refuses a second open of the same directory with a clear message; after the first lets go, it opens', () => {
    const dir = freshDir();
    const unlock = lockDataDir(dir);
    expect(owner(dir)).toBe(process.pid);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(
      `The embedded database in ${dir} is open in another process (pid ${process.pid}, this one): only one process may open it.`,
    );
    unlock();
    expect(existsSync(lockOf(dir))).toBe(false);
    lockDataDir(dir)();
  });

  it('refuses while another live process holds it, and takes it over once that process is gone', async () => {
    const dir = freshDir();
    const other = liveProcess();
    writeFileSync(lockOf(dir), `${other.pid}\n`);
    expect(() => lockDataDir(dir)).toThrow(`open in another process (pid ${other.pid})`);
    other.kill('SIGKILL');
    await new Promise((resolve) => other.on('exit', resolve));
    const unlock = lockDataDir(dir);
    expect(owner(dir)).toBe(process.pid);
    unlock();
  });

  it('takes over a stale lock: a dead process, or this process id left by an earlier run', async () => {
    const dir = freshDir();
    writeFileSync(lockOf(dir), `${await deadPid()}\n`);
    lockDataDir(dir)();
    // A container's server restarted after a kill often gets the same pid: not held here, so stale.
    writeFileSync(lockOf(dir), `${process.pid}\n`);
    lockDataDir(dir)();
    // A torn file names no process.
    writeFileSync(lockOf(dir), '');
    lockDataDir(dir)();
    expect(existsSync(lockOf(dir))).toBe(false);
  });

  it('is taken by the database itself: operator:create is refused while it is open, then the lock goes with close()', async () => {
    const dir = freshDir();
    mutable.PGLITE_DATA_DIR = dir;
    mutable.SEED_DEMO = false;
    await getDbHandle();
    expect(owner(dir)).toBe(process.pid);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);

    // The script in a process of its own, on the directory the "site" (this process) holds.
    const refused = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        [
          '--conditions=react-server',
          '--import',
          'tsx',
          'scripts/operator-create.mts',
          '--email',
          'agent@example.com',
          '--role',
          'support',
        ],
        {
          env: {
            PATH: process.env.PATH,
            NODE_ENV: 'test',
            LOG_LEVEL: 'silent',
            PGLITE_DATA_DIR: dir,
            SEED_DEMO: 'false',
          },
        },
        (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
      );
      child.stdin?.end('a-long-enough-password\n');
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `The embedded database in ${dir} is open in another process (pid ${process.pid}): only one process may open it. Stop that process first`,
    );

    await closeDb();
    expect(existsSync(lockOf(dir))).toBe(false);
    // Opened again once it was let go.
    await getDbHandle();
    expect(owner(dir)).toBe(process.pid);
    await closeDb();
    expect(existsSync(lockOf(dir))).toBe(false);
  });
});
