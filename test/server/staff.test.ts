import { generate } from 'otplib';
import type { Socket } from 'socket.io-client';
import { GET as withdrawalsQueue } from '@/app/api/v1/operator/withdrawals/route';
import { DELETE as signOut, GET as me, POST as signIn } from '@/app/api/v1/operator/session/route';
import { GET as staffList, POST as createStaffRoute } from '@/app/api/v1/operator/staff/route';
import { GET as inboxRoute } from '@/app/api/v1/operator/support/conversations/route';
import { POST as replyRoute } from '@/app/api/v1/operator/support/conversations/[id]/messages/route';
import { POST as sendRoute } from '@/app/api/v1/support/messages/route';
import { GET as supportProfile } from '@/app/api/v1/users/support-profile/route';
import { config } from '@/lib/config';
import type { SupportMessage } from '@/lib/schemas/support';
import { createSession } from '@/lib/server/auth/session';
import { closeDb } from '@/lib/server/db';
import { setLimitStore } from '@/lib/server/http/rate-limit';
import { createPlayer } from '@/lib/server/players/store';
import { staffByToken } from '@/lib/server/staff/sessions';
import { call, freshIp, request, withId } from './helpers/api';
import { connectSocket, startSocketServer, until } from './helpers/sockets';
import { asStaff, STAFF_PASSWORD, staffMember, staffSignIn } from './helpers/staff';

const OPERATOR = 'operator-token-for-the-staff-tests-012345';
let sockets: Awaited<ReturnType<typeof startSocketServer>>;
const open: Socket[] = [];

beforeAll(async () => {
  (config as Record<string, unknown>).OPERATOR_TOKEN = OPERATOR;
  sockets = await startSocketServer(staffByToken);
});
afterEach(() => setLimitStore(undefined));
afterAll(async () => {
  for (const s of open) s.disconnect();
  await sockets.close();
  await closeDb();
});

let n = 0;
async function player() {
  const { id } = await createPlayer({
    email: `staffcase${(n += 1)}@example.com`,
    status: 'active',
  });
  const session = await createSession(id);
  return { id, token: session.token, streamToken: session.streamToken };
}

describe('staff accounts', () => {
  it('the automation key creates one and answers its TOTP secret; bad accounts are refused', async () => {
    const made = await call<{ secret: string; role: string }>(
      createStaffRoute,
      request('POST', '/operator/staff', {
        token: OPERATOR,
        body: {
          email: 'lead@example.com',
          name: 'Lead',
          role: 'support',
          password: STAFF_PASSWORD,
        },
      }),
    );
    expect(made.data).toMatchObject({
      role: 'support',
      secret: expect.stringMatching(/^[A-Z2-7]+$/),
    });
    for (const body of [
      { email: 'x@example.com', name: 'X', role: 'support', password: 'short' },
      { email: 'x@example.com', name: 'X', role: 'owner', password: STAFF_PASSWORD },
      { email: 'not-an-email', name: 'X', role: 'support', password: STAFF_PASSWORD },
    ]) {
      expect(
        (
          await call(
            createStaffRoute,
            request('POST', '/operator/staff', { token: OPERATOR, body }),
          )
        ).status,
      ).toBe(400);
    }
    const again = await call(
      createStaffRoute,
      request('POST', '/operator/staff', {
        token: OPERATOR,
        body: {
          email: 'LEAD@example.com',
          name: 'Lead 2',
          role: 'admin',
          password: STAFF_PASSWORD,
        },
      }),
    );
    expect(again).toMatchObject({ status: 409, code: 'ACCOUNT_EXISTS' });
    const list = await call<{ email: string }[]>(
      staffList,
      request('GET', '/operator/staff', { token: OPERATOR }),
    );
    expect(list.data!.filter((s) => s.email === 'lead@example.com')).toHaveLength(1);
  });
});

describe('the back-office sign-in', () => {
  it('needs the password and a fresh TOTP code; a code is never taken twice', async () => {
    const agent = await staffMember('support');
    expect((await staffSignIn(agent.email, '000000', 'wrong password')).code).toBe(
      'INVALID_CREDENTIALS',
    );
    expect((await staffSignIn(agent.email, '000000')).code).toBe('INVALID_2FA');
    const code = await generate({ secret: agent.secret });
    const ok = await staffSignIn(agent.email, code);
    expect(ok).toMatchObject({ status: 200, data: { role: 'support' } });
    expect(ok.setCookie).toMatch(
      /^staff_session=[\w-]{40,}; Path=\/; Max-Age=43200; SameSite=Strict; HttpOnly$/,
    );
    expect((await staffSignIn(agent.email, code)).code).toBe('INVALID_2FA');

    const who = await call(me, asStaff('GET', '/operator/session', ok.cookie));
    expect(who.data).toEqual({ id: agent.id, name: agent.name, role: 'support' });

    await signOut(asStaff('DELETE', '/operator/session', ok.cookie));
    expect((await call(me, asStaff('GET', '/operator/session', ok.cookie))).status).toBe(401);
  });

  it('a player token, a forged cookie and a role the call does not list are refused', async () => {
    const p = await player();
    expect(
      (
        await call(
          inboxRoute,
          request('GET', '/operator/support/conversations', { token: p.token }),
        )
      ).status,
    ).toBe(401);
    expect(
      (
        await call(
          inboxRoute,
          asStaff('GET', '/operator/support/conversations', 'staff_session=forged'),
        )
      ).status,
    ).toBe(401);

    const agent = await staffMember('support');
    const { cookie } = await staffSignIn(agent.email, await generate({ secret: agent.secret }));
    expect(
      (await call(inboxRoute, asStaff('GET', '/operator/support/conversations', cookie))).status,
    ).toBe(200);
    // A support agent's session on a payments-only call.
    expect(
      (await call(withdrawalsQueue, asStaff('GET', '/operator/withdrawals', cookie))).status,
    ).toBe(403);
  });
});

describe('an agent in the back office', () => {
  it('hears players live, replies under their name (assigned), and a change needs the own origin', async () => {
    const agent = await staffMember('support', 'Maya');
    const { cookie } = await staffSignIn(agent.email, await generate({ secret: agent.secret }));
    const inbox = await connectSocket(sockets.port, undefined, cookie);
    open.push(inbox);
    const heard: Array<{ conversationId: string; message: SupportMessage }> = [];
    inbox.on('support:message', (e) => heard.push(e));
    // A payments clerk's socket is not in the support inbox.
    const clerk = await staffMember('payments');
    const clerkSocket = await connectSocket(
      sockets.port,
      undefined,
      (await staffSignIn(clerk.email, await generate({ secret: clerk.secret }))).cookie,
    );
    open.push(clerkSocket);
    const clerkHeard: unknown[] = [];
    clerkSocket.on('support:message', (e) => clerkHeard.push(e));

    const p = await player();
    const tab = await connectSocket(sockets.port, p.streamToken);
    open.push(tab);
    const typing: unknown[] = [];
    tab.on('support:typing', (e) => typing.push(e));
    const replies: SupportMessage[] = [];
    tab.on('support:message', (e: { message: SupportMessage }) => replies.push(e.message));

    await call(
      sendRoute,
      request('POST', '/support/messages', { token: p.token, body: { text: 'Hi' } }),
    );
    await until(() => heard.length === 1);
    const id = heard[0]!.conversationId;

    inbox.emit('support:typing', p.id);
    await until(() => typing.length === 1);
    expect(typing).toEqual([{ agent: 'Maya' }]);

    const path = `/operator/support/conversations/${id}/messages`;
    for (const origin of ['', 'https://evil.example']) {
      const refused = await call(
        withId(replyRoute, id),
        asStaff('POST', path, cookie, { text: 'x' }, origin),
      );
      expect(refused.status).toBe(403);
    }
    const sent = await call<SupportMessage>(
      withId(replyRoute, id),
      asStaff('POST', path, cookie, { text: 'Hello, I am on it' }),
    );
    expect(sent.data).toMatchObject({ author: 'agent', agentName: 'Maya' });
    await until(() => replies.some((m) => m.author === 'agent'));
    const info = await call<{ memberInfo: { agentId: string } }>(
      supportProfile,
      request('GET', '/users/support-profile', { token: p.token }),
    );
    expect(info.data!.memberInfo.agentId).toBe(agent.id);
    expect(clerkHeard).toEqual([]);
  });

  it('a forged cookie cannot open a staff socket', async () => {
    await expect(connectSocket(sockets.port, undefined, 'staff_session=forged')).rejects.toThrow(
      'unauthorized',
    );
  });
});

describe('with OPERATOR_ORIGIN', () => {
  const office = 'http://office.localhost:3000';
  const mutable = config as Record<string, unknown>;
  beforeEach(() => {
    mutable.OPERATOR_ORIGIN = office;
  });
  afterEach(() => {
    mutable.OPERATOR_ORIGIN = undefined;
  });
  const onOffice = (
    method: string,
    path: string,
    init: { cookie?: string; origin?: string; body?: unknown },
  ) =>
    new Request(`${office}/api/v1${path}`, {
      method,
      headers: {
        host: 'office.localhost:3000',
        'x-platform-client-address': freshIp(),
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.origin ? { origin: init.origin } : {}),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });

  it('staff sign in only on that host, and a change takes only its Origin', async () => {
    const agent = await staffMember('support');
    // On the player site's host the back office does not exist.
    expect((await staffSignIn(agent.email, await generate({ secret: agent.secret }))).status).toBe(
      404,
    );

    const signedIn = await signIn(
      onOffice('POST', '/operator/session', {
        body: {
          email: agent.email,
          password: STAFF_PASSWORD,
          code: await generate({ secret: agent.secret }),
        },
      }),
    );
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;

    const p = await player();
    await call(
      sendRoute,
      request('POST', '/support/messages', { token: p.token, body: { text: 'Hi' } }),
    );
    const inbox = await call<{ items: { id: string; player: { id: string } }[] }>(
      inboxRoute,
      onOffice('GET', '/operator/support/conversations', { cookie }),
    );
    const id = inbox.data!.items.find((c) => c.player.id === p.id)!.id;
    const path = `/operator/support/conversations/${id}/messages`;
    // A page of the player site (same site, another origin) posting with the staff cookie.
    const fromSite = await call(
      withId(replyRoute, id),
      onOffice('POST', path, { cookie, origin: config.SITE_URL, body: { text: 'x' } }),
    );
    expect(fromSite.status).toBe(403);
    const fromOffice = await call(
      withId(replyRoute, id),
      onOffice('POST', path, { cookie, origin: office, body: { text: 'On it' } }),
    );
    expect(fromOffice.status).toBe(200);
    // The same cookie presented on the site's host is refused.
    expect(
      (await call(inboxRoute, asStaff('GET', '/operator/support/conversations', cookie))).status,
    ).toBe(404);
  });
});
