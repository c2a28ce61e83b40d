import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { config } from '@/lib/config';

/** What kind of file: each lives in its own folder. */
export type Bucket = 'avatars' | 'kyc';

const NAME = /^[a-f0-9]{32}\.(png|jpeg|webp|pdf)$/;

const where = (bucket: Bucket, name: string) => path.resolve(config.UPLOADS_DIR, bucket, name);

/**
 * Stores a file under a random name (never the uploader's), outside the web root: it is served
 * only through the platform's routes, which check who asks. Answers the name.
 */
export async function putFile(bucket: Bucket, bytes: Buffer, ext: string): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  await mkdir(path.resolve(config.UPLOADS_DIR, bucket), { recursive: true });
  await writeFile(where(bucket, name), bytes, { flag: 'wx' });
  return name;
}

/** A stored file's bytes, or null; a name that is not one of ours is never looked up. */
export async function getFile(bucket: Bucket, name: string): Promise<Buffer | null> {
  if (!NAME.test(name)) return null;
  return readFile(where(bucket, name)).catch(() => null);
}

export async function deleteFile(bucket: Bucket, name: string): Promise<void> {
  if (!NAME.test(name)) return;
  await rm(where(bucket, name), { force: true });
}
