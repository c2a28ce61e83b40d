import 'server-only';
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database is one process's at a time: PGlite keeps no lock of its own, and a second
 * process writing the same files corrupts them. Whoever opens a data directory (the site, a
 * script such as `npm run operator:create`, a test) first takes this lock: a file in the
 * directory naming its process id, created atomically (a hard link, which fails when the name is
 * taken). It is given back when the database closes or the process exits; a lock whose process is
 * gone (killed, crashed) is stale and taken over.
 */
export const LOCK_FILE = '.lock';

export class DataDirLockedError extends Error {
  readonly code = 'DATA_DIR_LOCKED';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is open in another process (pid ${pid}${
        pid === process.pid ? ', this one' : ''
      }): only one process may open it. Stop that process first (the site, or another command), or set DATABASE_URL to use PostgreSQL.`,
    );
    this.name = 'DataDirLockedError';
  }
}

// Route handlers are bundled separately: every copy of this module must see the same held locks.
const HELD = Symbol.for('casino.dataDirLocks');
type Registry = { files: Set<string>; exitHook: boolean };
function registry(): Registry {
  const global = globalThis as { [HELD]?: Registry };
  return (global[HELD] ??= { files: new Set(), exitHook: false });
}

/** The process id a lock file names, or null when it names none (a torn or foreign file). */
function ownerOf(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates the lock file with this process's id in one step: false when the name is taken. */
function create(file: string): boolean {
  const draft = `${file}.${process.pid}.${Date.now()}`;
  writeFileSync(draft, `${process.pid}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(draft);
  }
}

function remove(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Lets go of a lock this process holds: the file goes only while it still names this process. */
function release(file: string): void {
  const { files } = registry();
  if (!files.delete(file)) return;
  if (ownerOf(file) === process.pid) remove(file);
}

/**
 * Takes the data directory's lock for this process and answers the function that gives it back.
 * Throws DataDirLockedError while a live process holds it, this one included (a second open in
 * the same process would corrupt it as surely). A stale lock — its process gone, or naming this
 * process's id without this process holding it (a container's server restarted with the same
 * pid), or naming none — is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const held = registry();
  if (held.files.has(file)) throw new DataDirLockedError(dataDir, process.pid);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (create(file)) {
      held.files.add(file);
      if (!held.exitHook) {
        held.exitHook = true;
        // process.exit() and a fatal error skip close(): the locks still go (not on SIGKILL).
        process.on('exit', () => {
          for (const lock of [...registry().files]) release(lock);
        });
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release(file);
      };
    }
    const owner = ownerOf(file);
    if (owner !== null && owner !== process.pid && isAlive(owner)) {
      throw new DataDirLockedError(dataDir, owner);
    }
    // Stale: removed only while it still names the same owner, then created anew (the loop).
    if (ownerOf(file) === owner) remove(file);
  }
  throw new DataDirLockedError(dataDir, ownerOf(file) ?? 0);
}
