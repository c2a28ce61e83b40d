import 'server-only';
import { randomBytes } from 'node:crypto';
import { config } from '@/lib/config';
import { diskStore } from './disk-store';
import { s3Store } from './s3-store';
import type { FileStore, Folder } from './store';

export type { Folder } from './store';

const NAME = /^[a-f0-9]{32}\.(png|jpeg|webp|pdf)$/;
const TYPES: Record<string, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

let cached: { key: string; store: FileStore } | undefined;

/** The configured store, made again when the settings change (tests switch between the two). */
function store(): FileStore {
  const s3 = config.S3_BUCKET
    ? {
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        endpoint: config.S3_ENDPOINT,
        accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
      }
    : undefined;
  const key = JSON.stringify(s3 ?? config.UPLOADS_DIR);
  if (cached?.key !== key) {
    cached = { key, store: s3 ? s3Store(s3) : diskStore(config.UPLOADS_DIR) };
  }
  return cached.store;
}

/**
 * Stores a file under a random name (never the uploader's), outside the web root: it is served
 * only through the platform's routes, which check who asks. Answers the name.
 */
export async function putFile(folder: Folder, bytes: Buffer, ext: string): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  await store().put(folder, name, bytes, TYPES[ext] ?? 'application/octet-stream');
  return name;
}

/** A stored file's bytes, or null; a name that is not one of ours is never looked up. */
export async function getFile(folder: Folder, name: string): Promise<Buffer | null> {
  if (!NAME.test(name)) return null;
  return store().get(folder, name);
}

export async function deleteFile(folder: Folder, name: string): Promise<void> {
  if (!NAME.test(name)) return;
  await store().delete(folder, name);
}
