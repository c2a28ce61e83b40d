import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import sharp from 'sharp';
import { GET as avatarImage } from '@/app/api/v1/avatars/[name]/route';
import { POST as undo } from '@/app/api/v1/auth/contact-undo/route';
import { DELETE as removeAvatar, POST as uploadAvatar } from '@/app/api/v1/users/avatar/route';
import { POST as confirmContact } from '@/app/api/v1/users/contact/confirm/route';
import { POST as changeContact } from '@/app/api/v1/users/contact/route';
import { GET as profile } from '@/app/api/v1/users/profile/route';
import { PUT as username } from '@/app/api/v1/users/username/route';
import { config } from '@/lib/config';
import { closeDb, getDb } from '@/lib/server/db';
import { sessions, users } from '@/lib/server/db/schema';
import { call, freshIp, lastCode, request, sentTo, url } from './helpers/api';
import { activePlayer } from './helpers/players';

afterAll(() => closeDb());

type Profile = {
  memberUsername: string;
  email: string | null;
  avatar: string | null;
  withdrawalsHeldUntil: string | null;
};

let n = 0;
async function player(prefix: string) {
  const email = `${prefix}${(n += 1)}@example.com`;
  const { token } = await activePlayer(email);
  return { email, token };
}

const me = (token: string) =>
  call<Profile>(profile, request('GET', '/users/profile', { token })).then((r) => r.data!);

/** The sign-in happened an hour ago: only the token is at hand, as a thief would have it. */
async function ageSessions() {
  const db = await getDb();
  await db.update(sessions).set({ createdAt: sql`now() - interval '1 hour'` });
}

describe('username', () => {
  const rename = (token: string, value: unknown) =>
    call(username, request('PUT', '/users/username', { token, body: { username: value } }));

  it('refuses names outside the rules and changes nothing', async () => {
    const { token } = await player('uname-bad');
    const before = (await me(token)).memberUsername;
    for (const bad of ['ab', 'a'.repeat(21), 'two words', 'émile', '<b>x</b>', 42]) {
      expect(await rename(token, bad)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    }
    expect((await me(token)).memberUsername).toBe(before);
  });

  it('takes a free name once every 30 days, whatever the case of a taken one', async () => {
    const a = await player('uname-a');
    const b = await player('uname-b');
    expect(await rename(a.token, 'LuckyStar')).toMatchObject({
      code: 'success',
      data: { username: 'LuckyStar' },
    });
    expect(await rename(b.token, 'luckystar')).toMatchObject({
      status: 409,
      code: 'USERNAME_TAKEN',
    });
    expect(await rename(a.token, 'LuckyStar2')).toMatchObject({
      status: 429,
      code: 'USERNAME_CHANGE_TOO_SOON',
    });
    const db = await getDb();
    await db
      .update(users)
      .set({ usernameChangedAt: sql`now() - interval '31 days'` })
      .where(eq(users.email, a.email));
    expect((await rename(a.token, 'LuckyStar2')).code).toBe('success');
  });

  it('two players asking for one name at once: one gets it', async () => {
    const a = await player('uname-race');
    const b = await player('uname-race');
    const answers = await Promise.all([a, b].map((p) => rename(p.token, 'SameName')));
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
  });
});

describe('avatar', () => {
  const upload = (token: string, bytes: Buffer, type = 'image/png') =>
    call<{ avatar: string }>(
      uploadAvatar,
      new Request(url('/users/avatar'), {
        method: 'POST',
        body: new Uint8Array(bytes),
        headers: { authorization: `Bearer ${token}`, 'content-type': type },
      }),
    );
  const image = (format: 'png' | 'jpeg', width = 600, height = 400) =>
    sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
      [format]()
      .toBuffer();

  it('refuses a file that only claims to be an image, an oversized one and an empty one', async () => {
    const { token } = await player('avatar-bad');
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect(await upload(token, html, 'image/png')).toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_FILE_TYPE',
    });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    expect((await upload(token, pdf, 'image/jpeg')).status).toBe(415);
    expect((await upload(token, Buffer.alloc(6 * 1024 * 1024, 1))).status).toBe(413);
    expect((await upload(token, Buffer.alloc(0))).status).toBe(400);
    expect((await me(token)).avatar).toBeNull();
  });

  it('a JPEG with HTML appended is stored cropped, small and without the appended bytes', async () => {
    const { token } = await player('avatar-ok');
    const polyglot = Buffer.concat([
      await image('jpeg'),
      Buffer.from('<script>document.location="https://evil.test"</script>'),
    ]);
    const uploaded = await upload(token, polyglot, 'image/jpeg');
    expect(uploaded.code).toBe('success');
    const avatar = uploaded.data!.avatar;
    expect(avatar).toMatch(/^\/api\/v1\/avatars\/[a-f0-9]{32}\.webp$/);
    expect((await me(token)).avatar).toBe(avatar);

    const name = avatar.split('/').pop()!;
    const stored = await readFile(path.resolve(config.UPLOADS_DIR, 'avatars', name));
    expect(stored.includes(Buffer.from('<script'))).toBe(false);
    expect(await sharp(stored).metadata()).toMatchObject({
      format: 'webp',
      width: 256,
      height: 256,
    });

    const get = (size?: number) =>
      avatarImage(new Request(url(`/avatars/${name}${size ? `?size=${size}` : ''}`)), {
        params: Promise.resolve({ name }),
      });
    const small = await get(64);
    expect(small.headers.get('content-type')).toBe('image/webp');
    expect(small.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await sharp(Buffer.from(await small.arrayBuffer())).metadata()).toMatchObject({
      width: 64,
      height: 64,
    });
    expect((await get(100)).status).toBe(400);
    const missing = await avatarImage(new Request(url(`/avatars/${'0'.repeat(32)}.webp`)), {
      params: Promise.resolve({ name: `${'0'.repeat(32)}.webp` }),
    });
    expect(missing.status).toBe(404);

    // A second upload replaces the first, whose file is gone.
    const second = await upload(token, await image('png', 300, 300));
    expect(second.code).toBe('success');
    expect((await get()).status).toBe(404);
    await call(removeAvatar, request('DELETE', '/users/avatar', { token }));
    expect((await me(token)).avatar).toBeNull();
  });
});

describe('email change', () => {
  const ask = (token: string, body: Record<string, unknown>) =>
    call(changeContact, request('POST', '/users/contact', { token, body, ip: freshIp() }));
  const confirm = (token: string, contact: string, code: string) =>
    call(
      confirmContact,
      request('POST', '/users/contact/confirm', {
        token,
        body: { channel: 'email', contact, code },
        ip: freshIp(),
      }),
    );

  it('a stolen token alone cannot change the email; bad inputs are refused', async () => {
    const { token } = await player('contact-stolen');
    await ageSessions();
    const target = 'thief-inbox@example.com';
    expect(await ask(token, { channel: 'email', contact: target })).toMatchObject({
      status: 403,
      code: 'PASSWORD_CONFIRMATION_REQUIRED',
    });
    expect(
      await ask(token, { channel: 'email', contact: target, password: 'not-it-123' }),
    ).toMatchObject({ code: 'INVALID_PASSWORD' });
    expect(
      await ask(token, { channel: 'email', contact: 'not-an-email', password: 'secret123' }),
    ).toMatchObject({ status: 400 });
    expect(
      await ask(token, { channel: 'fax', contact: target, password: 'secret123' }),
    ).toMatchObject({ status: 400 });
    expect(await sentTo(target)).toHaveLength(0);
  });

  it('an address of another account is refused', async () => {
    const a = await player('contact-a');
    const b = await player('contact-b');
    expect(
      await ask(a.token, { channel: 'email', contact: b.email, password: 'secret123' }),
    ).toMatchObject({ status: 409, code: 'CONTACT_IN_USE' });
  });

  it('password, then the code from the new address: changed, withdrawals held, the old address can undo it once', async () => {
    const { email, token } = await player('contact-ok');
    const next = `moved${n}@example.com`;
    await ageSessions();
    expect(
      await ask(token, { channel: 'email', contact: next, password: 'secret123' }),
    ).toMatchObject({ code: 'success' });
    expect((await confirm(token, next, '000000')).code).toBe('INVALID_CODE');
    expect((await confirm(token, next, await lastCode(next))).code).toBe('success');
    const after = await me(token);
    expect(after.email).toBe(next);
    expect(after.withdrawalsHeldUntil).not.toBeNull();

    // The old address is told, with the undo link.
    const [told] = await sentTo(email);
    expect(told!.body).toContain(next);
    const token64 = told!.body.match(/account-recovery\?token=([A-Za-z0-9_-]+)/)![1]!;
    const undoIt = () =>
      call(
        undo,
        request('POST', '/auth/contact-undo', { body: { token: token64 }, ip: freshIp() }),
      );
    expect(await undoIt()).toMatchObject({
      code: 'success',
      data: { channel: 'email', restored: email },
    });
    // Every session ended; the address is the old one again; the link is spent.
    expect((await call(profile, request('GET', '/users/profile', { token }))).status).toBe(401);
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.email, email));
    expect(row).toBeDefined();
    expect((await undoIt()).code).toBe('INVALID_CODE');
    expect(
      (
        await call(
          undo,
          request('POST', '/auth/contact-undo', { body: { token: 'short' }, ip: freshIp() }),
        )
      ).status,
    ).toBe(400);
  });

  it('with 2FA on, the code is needed too', async () => {
    const { email, token } = await player('contact-2fa');
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const db = await getDb();
    const { seal } = await import('@/lib/server/auth/secrets');
    const [row] = await db.select().from(users).where(eq(users.email, email));
    await db
      .update(users)
      .set({ twoFactorEnabled: true, twoFactorSecret: await seal('totp-secret', secret, row!.id) })
      .where(eq(users.id, row!.id));
    const body = { channel: 'email', contact: `twofa${n}@example.com`, password: 'secret123' };
    expect(await ask(token, body)).toMatchObject({ status: 400 });
    expect(await ask(token, { ...body, twoFactorCode: '000000' })).toMatchObject({
      code: 'INVALID_2FA',
    });
    expect((await ask(token, { ...body, twoFactorCode: await generate({ secret }) })).code).toBe(
      'success',
    );
  });
});
