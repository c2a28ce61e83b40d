import 'server-only';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStore, Folder } from './store';

/** Files under a directory outside the web root (`UPLOADS_DIR`): one server, or a shared volume. */
export function diskStore(root: string): FileStore {
  const where = (folder: Folder, name: string) => path.resolve(root, folder, name);
  return {
    async put(folder, name, bytes) {
      await mkdir(path.resolve(root, folder), { recursive: true });
      await writeFile(where(folder, name), bytes, { flag: 'wx' });
    },
    get: (folder, name) => readFile(where(folder, name)).catch(() => null),
    delete: (folder, name) => rm(where(folder, name), { force: true }),
  };
}
