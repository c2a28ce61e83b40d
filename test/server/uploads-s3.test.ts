import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { GET as avatarImage } from '@/app/api/v1/avatars/[name]/route';
import { POST as uploadAvatar } from '@/app/api/v1/users/avatar/route';
import { config } from '@/lib/config';
import { closeDb } from '@/lib/server/db';
import { deleteFile, getFile, putFile } from '@/lib/server/uploads/storage';
import { call, url } from './helpers/api';
import { activePlayer } from './helpers/players';
import { type LocalS3, startLocalS3 } from './helpers/s3-server';

let s3: LocalS3;
const before = { ...config };
const settings = (secret = 'S3RVER') => ({
  S3_BUCKET: 'casino-uploads',
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: secret,
});

beforeAll(async () => {
  s3 = await startLocalS3();
  Object.assign(config as Record<string, unknown>, { ...settings(), S3_ENDPOINT: s3.endpoint });
});

afterAll(async () => {
  Object.assign(config, before);
  await s3.close();
  await closeDb();
});

/** Object names in the bucket under a folder, as the server keeps them. */
async function stored(folder: string): Promise<string[]> {
  const files = await readdir(path.join(s3.directory, s3.bucket, folder)).catch(() => []);
  return files.filter((f) => f.endsWith('._S3rver_object')).map((f) => f.split('._S3rver_')[0]!);
}

it('puts, reads back and deletes a file in the bucket, signed', async () => {
  const bytes = Buffer.from('%PDF-1.4 a statement');
  const name = await putFile('kyc', bytes, 'pdf');
  expect(name).toMatch(/^[a-f0-9]{32}\.pdf$/);
  expect(await stored('kyc')).toContain(name);
  expect(await getFile('kyc', name)).toEqual(bytes);

  await deleteFile('kyc', name);
  expect(await stored('kyc')).not.toContain(name);
  expect(await getFile('kyc', name)).toBeNull();
  // A name that is not one of ours is never sent to the bucket.
  expect(await getFile('kyc', '../avatars/x.webp')).toBeNull();
});

it('a wrong secret is refused by the bucket and nothing is stored', async () => {
  Object.assign(config as Record<string, unknown>, settings('not-the-secret'));
  try {
    await expect(putFile('kyc', Buffer.from('x'), 'pdf')).rejects.toThrow(
      /403 SignatureDoesNotMatch/,
    );
  } finally {
    Object.assign(config as Record<string, unknown>, settings());
  }
});

it('an avatar uploaded through the API lands in the bucket and is served from it', async () => {
  const { token } = await activePlayer('s3-avatar@example.com');
  const png = await sharp({
    create: { width: 300, height: 300, channels: 3, background: '#cc3366' },
  })
    .png()
    .toBuffer();
  const uploaded = await call<{ avatar: string }>(
    uploadAvatar,
    new Request(url('/users/avatar'), {
      method: 'POST',
      body: new Uint8Array(png),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
    }),
  );
  const name = uploaded.data!.avatar.split('/').pop()!;
  expect(await stored('avatars')).toContain(name);

  const res = await avatarImage(new Request(url(`/avatars/${name}?size=64`)), {
    params: Promise.resolve({ name }),
  });
  expect(res.status).toBe(200);
  expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({
    format: 'webp',
    width: 64,
  });
});
