import { eq } from 'drizzle-orm';
import { POST as login } from '@/app/api/v1/auth/login/route';
import { GET as me } from '@/app/api/v1/users/me/route';
import { POST as changePassword } from '@/app/api/v1/users/password/route';
import { DELETE as signOutSession } from '@/app/api/v1/users/sessions/[id]/route';
import { GET as listSessions } from '@/app/api/v1/users/sessions/route';
import { POST as signOutOthers } from '@/app/api/v1/users/sessions/sign-out-others/route';
import { GET as signIns } from '@/app/api/v1/users/sign-ins/route';
import { describeUserAgent } from '@/lib/account/user-agent';
import { closeDb, getDb } from '@/lib/server/db';
import { sessions } from '@/lib/server/db/schema';
import { call, freshIp, request, withId } from './helpers/api';
import { activePlayer } from './helpers/players';

afterAll(() => closeDb());

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

type Session = { id: string; current: boolean; browser: string; os: string; device: string };

/** Signs in with the password from a given browser; answers the access token. */
async function signIn(email: string, password: string, userAgent: string, ip = freshIp()) {
  const answer = await call<{ token: string }>(
    login,
    request('POST', '/auth/login', {
      body: { email, password },
      ip,
      headers: { 'user-agent': userAgent },
    }),
  );
  return answer;
}

const sessionsOf = (token: string) =>
  call<Session[]>(listSessions, request('GET', '/users/sessions', { token }));

describe('sessions', () => {
  it('lists the live sessions with device, browser and address; the current one marked', async () => {
    const email = 'sessions-list@example.com';
    await activePlayer(email);
    const desktop = (await signIn(email, 'secret123', CHROME_WINDOWS, '203.0.113.7')).data!.token;
    const phone = (await signIn(email, 'secret123', SAFARI_IPHONE)).data!.token;
    const list = await sessionsOf(desktop);
    expect(list.status).toBe(200);
    const current = list.data!.find((s) => s.current);
    expect(current).toMatchObject({
      browser: 'Chrome',
      os: 'Windows',
      device: 'desktop',
      ip: '203.0.113.7',
      loginType: 'email',
    });
    expect(list.data!.filter((s) => s.current)).toHaveLength(1);
    const iphone = list.data!.find((s) => s.browser === 'Safari')!;
    expect(iphone).toMatchObject({ os: 'iOS', device: 'mobile', current: false });
    // The phone's own list marks the phone.
    expect((await sessionsOf(phone)).data!.find((s) => s.current)!.id).toBe(iphone.id);
  });

  it('signs out one session: its token answers 401, the others stay', async () => {
    const email = 'sessions-one@example.com';
    await activePlayer(email);
    const a = (await signIn(email, 'secret123', CHROME_WINDOWS)).data!.token;
    const b = (await signIn(email, 'secret123', SAFARI_IPHONE)).data!.token;
    const other = (await sessionsOf(a)).data!.find((s) => s.browser === 'Safari')!;
    const done = await call(
      withId(signOutSession, other.id),
      request('DELETE', `/users/sessions/${other.id}`, { token: a }),
    );
    expect(done).toMatchObject({ status: 200, data: { signedOut: true } });
    expect((await call(me, request('GET', '/users/me', { token: b }))).status).toBe(401);
    expect((await call(me, request('GET', '/users/me', { token: a }))).status).toBe(200);
    // Already ended: not found, and nothing changes.
    const again = await call(
      withId(signOutSession, other.id),
      request('DELETE', `/users/sessions/${other.id}`, { token: a }),
    );
    expect(again).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('never signs out another player’s session (404), and refuses a malformed id (400)', async () => {
    await activePlayer('sessions-mine@example.com');
    await activePlayer('sessions-theirs@example.com');
    const mine = (await signIn('sessions-mine@example.com', 'secret123', CHROME_WINDOWS)).data!
      .token;
    const theirs = (await signIn('sessions-theirs@example.com', 'secret123', CHROME_WINDOWS)).data!
      .token;
    const target = (await sessionsOf(theirs)).data!.find((s) => s.current)!.id;
    const answer = await call(
      withId(signOutSession, target),
      request('DELETE', `/users/sessions/${target}`, { token: mine }),
    );
    expect(answer).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect((await call(me, request('GET', '/users/me', { token: theirs }))).status).toBe(200);
    const bad = await call(
      withId(signOutSession, 'not-a-uuid'),
      request('DELETE', '/users/sessions/not-a-uuid', { token: mine }),
    );
    expect(bad.status).toBe(400);
    const anonymous = await call(listSessions, request('GET', '/users/sessions'));
    expect(anonymous.status).toBe(401);
  });

  it('"sign out all others" ends every other session at once, even asked twice in parallel', async () => {
    const email = 'sessions-others@example.com';
    await activePlayer(email);
    const keep = (await signIn(email, 'secret123', CHROME_WINDOWS)).data!.token;
    const others = await Promise.all(
      [1, 2, 3].map(async () => (await signIn(email, 'secret123', SAFARI_IPHONE)).data!.token),
    );
    const answers = await Promise.all(
      [1, 2].map(() =>
        call<{ signedOut: number }>(
          signOutOthers,
          request('POST', '/users/sessions/sign-out-others', { token: keep }),
        ),
      ),
    );
    // activePlayer's own session and the three phones: each ended once, by one of the two calls.
    expect(answers.reduce((n, a) => n + a.data!.signedOut, 0)).toBe(4);
    for (const token of others) {
      expect((await call(me, request('GET', '/users/me', { token }))).status).toBe(401);
    }
    expect((await sessionsOf(keep)).data!.map((s) => s.current)).toEqual([true]);
  });

  it('keeps "last seen" to the minute: one write a minute, not one per request', async () => {
    const email = 'sessions-seen@example.com';
    await activePlayer(email);
    const token = (await signIn(email, 'secret123', CHROME_WINDOWS)).data!.token;
    const db = await getDb();
    const id = (await sessionsOf(token)).data!.find((s) => s.current)!.id;
    const seenAt = async () =>
      (await db.select().from(sessions).where(eq(sessions.id, id)))[0]!.lastSeenAt?.getTime();
    // Written beside the answer, not before it: it lands a moment later.
    const seenAfter = async (earlier: number) => {
      for (let i = 0; i < 100; i += 1) {
        const at = await seenAt();
        if (at !== undefined && at > earlier) return at;
        await new Promise((r) => setTimeout(r, 20));
      }
      return seenAt();
    };
    await call(me, request('GET', '/users/me', { token }));
    const first = await seenAfter(Date.now() - 10_000);
    expect(first).toBeGreaterThan(Date.now() - 10_000);
    await call(me, request('GET', '/users/me', { token }));
    await new Promise((r) => setTimeout(r, 100));
    expect(await seenAt()).toBe(first);
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 120_000) })
      .where(eq(sessions.id, id));
    await call(me, request('GET', '/users/me', { token }));
    expect(await seenAfter(Date.now() - 10_000)).toBeGreaterThan(Date.now() - 10_000);
  });
});

describe('sign-in history', () => {
  it('records sign-ins won and lost, newest first, a page at a time', async () => {
    const email = 'history@example.com';
    const ip = freshIp();
    await activePlayer(email);
    expect((await signIn(email, 'wrong-password1', CHROME_WINDOWS, ip)).code).toBe(
      'INVALID_CREDENTIALS',
    );
    const token = (await signIn(email, 'secret123', SAFARI_IPHONE, ip)).data!.token;
    const history = await call<{
      data: { success: boolean; reason: string | null; browser: string; loginType: string }[];
      nextCursor: string | null;
    }>(signIns, request('GET', '/users/sign-ins', { token }));
    expect(history.status).toBe(200);
    expect(history.data!.data.slice(0, 2)).toEqual([
      expect.objectContaining({
        success: true,
        reason: null,
        browser: 'Safari',
        loginType: 'email',
      }),
      expect.objectContaining({ success: false, reason: 'INVALID_CREDENTIALS', browser: 'Chrome' }),
    ]);
    for (let i = 0; i < 20; i += 1) await signIn(email, 'secret123', CHROME_WINDOWS, ip);
    const first = await call<{ data: { id: string }[]; nextCursor: string | null }>(
      signIns,
      request('GET', '/users/sign-ins', { token }),
    );
    expect(first.data!.data).toHaveLength(20);
    expect(first.data!.nextCursor).not.toBeNull();
    const next = await call<{ data: { id: string }[]; nextCursor: string | null }>(
      signIns,
      request('GET', `/users/sign-ins?cursor=${first.data!.nextCursor}`, { token }),
    );
    // 23 lines: activation (it signs in), the failure, the success, twenty more.
    expect(next.data!.data).toHaveLength(3);
    expect(next.data!.nextCursor).toBeNull();
    const ids = [...first.data!.data, ...next.data!.data].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const bad = await call(signIns, request('GET', '/users/sign-ins?cursor=x', { token }));
    expect(bad.status).toBe(400);
  });
});

describe('change password', () => {
  it('needs the current password; bad input changes nothing', async () => {
    const email = 'change-password@example.com';
    const { token } = await activePlayer(email);
    const ask = (body: Record<string, unknown>) =>
      call(changePassword, request('POST', '/users/password', { token, body }));
    expect(await ask({ password: 'newsecret9', repeatPassword: 'newsecret9' })).toMatchObject({
      status: 403,
      code: 'PASSWORD_CONFIRMATION_REQUIRED',
    });
    expect(
      await ask({ currentPassword: 'wrong', password: 'newsecret9', repeatPassword: 'newsecret9' }),
    ).toMatchObject({ status: 400, code: 'INVALID_PASSWORD' });
    expect(
      (await ask({ currentPassword: 'secret123', password: 'short1', repeatPassword: 'short1' }))
        .status,
    ).toBe(400);
    expect(
      (
        await ask({
          currentPassword: 'secret123',
          password: 'newsecret9',
          repeatPassword: 'other9',
        })
      ).status,
    ).toBe(400);
    // Nothing changed: the old password still signs in.
    expect((await signIn(email, 'secret123', CHROME_WINDOWS)).status).toBe(200);
  });

  it('changes it and ends every other session; the old password no longer signs in', async () => {
    const email = 'change-password-ok@example.com';
    await activePlayer(email);
    const keep = (await signIn(email, 'secret123', CHROME_WINDOWS)).data!.token;
    const other = (await signIn(email, 'secret123', SAFARI_IPHONE)).data!.token;
    const done = await call<{ changed: boolean; signedOut: number }>(
      changePassword,
      request('POST', '/users/password', {
        token: keep,
        body: {
          currentPassword: 'secret123',
          password: 'newsecret9',
          repeatPassword: 'newsecret9',
        },
      }),
    );
    expect(done).toMatchObject({ status: 200, data: { changed: true, signedOut: 2 } });
    expect((await call(me, request('GET', '/users/me', { token: other }))).status).toBe(401);
    expect((await call(me, request('GET', '/users/me', { token: keep }))).status).toBe(200);
    expect((await signIn(email, 'secret123', CHROME_WINDOWS)).code).toBe('INVALID_CREDENTIALS');
    expect((await signIn(email, 'newsecret9', CHROME_WINDOWS)).status).toBe(200);
  });
});

it('describes user agents as players know them', () => {
  expect(describeUserAgent(CHROME_WINDOWS)).toEqual({
    browser: 'Chrome',
    os: 'Windows',
    device: 'desktop',
  });
  expect(describeUserAgent(SAFARI_IPHONE)).toEqual({
    browser: 'Safari',
    os: 'iOS',
    device: 'mobile',
  });
  expect(
    describeUserAgent(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0',
    ),
  ).toMatchObject({ browser: 'Edge', os: 'macOS' });
  expect(
    describeUserAgent(
      'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
    ),
  ).toMatchObject({ os: 'Android', device: 'tablet' });
  expect(describeUserAgent(null)).toEqual({ browser: null, os: null, device: 'desktop' });
});
