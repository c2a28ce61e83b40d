import 'server-only';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { AVATAR_MAX_BYTES } from '@/lib/schemas/profile';
import { getDb } from '@/lib/server/db';
import { users } from '@/lib/server/db/schema';
import { reencode, sniff } from '@/lib/server/uploads/images';
import { readUpload } from '@/lib/server/uploads/read';
import { deleteFile, getFile, putFile } from '@/lib/server/uploads/storage';

const AVATAR_SIDE = 256;
const PREFIX = '/api/v1/avatars/';

/** The stored file an avatar address names (ours start with the avatars route). */
const storedName = (avatar: string | null) =>
  avatar?.startsWith(PREFIX) ? avatar.slice(PREFIX.length) : null;

/**
 * A new avatar: PNG, JPEG or WebP by its bytes, up to 5 MB, cropped to a square on what matters
 * in it and made 256 px WebP (metadata and anything appended are gone), stored under a random
 * name outside the web root. The old one is deleted.
 */
export async function uploadAvatar(userId: string, request: Request): Promise<{ avatar: string }> {
  const bytes = await readUpload(request, AVATAR_MAX_BYTES);
  await sniff(bytes, ['png', 'jpeg', 'webp']);
  const image = await reencode(bytes, 'webp', { square: AVATAR_SIDE });
  const name = await putFile('avatars', image, 'webp');
  const db = await getDb();
  const [before] = await db
    .select({ avatar: users.avatar })
    .from(users)
    .where(eq(users.id, userId));
  const avatar = `${PREFIX}${name}`;
  await db.update(users).set({ avatar }).where(eq(users.id, userId));
  const old = storedName(before?.avatar ?? null);
  if (old) await deleteFile('avatars', old);
  return { avatar };
}

export async function removeAvatar(userId: string): Promise<{ avatar: null }> {
  const db = await getDb();
  const [before] = await db
    .select({ avatar: users.avatar })
    .from(users)
    .where(eq(users.id, userId));
  await db.update(users).set({ avatar: null }).where(eq(users.id, userId));
  const old = storedName(before?.avatar ?? null);
  if (old) await deleteFile('avatars', old);
  return { avatar: null };
}

/**
 * An avatar at one of the sizes the site draws (64, 128, 256): its name is random and never
 * reused, so it is cached for a year; it is an image of ours, served as nothing else.
 */
export async function avatarResponse(name: string, size: number): Promise<Response | null> {
  const stored = await getFile('avatars', name);
  if (!stored) return null;
  const body =
    size === AVATAR_SIDE
      ? stored
      : await sharp(stored).resize(size, size).webp({ quality: 85 }).toBuffer();
  return new Response(new Uint8Array(body), {
    headers: {
      'Content-Type': 'image/webp',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  });
}
