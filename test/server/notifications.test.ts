/**
 * Notifications (spec §3, §7; issue 15): the operator publishes, schedules and withdraws notices;
 * players list them per tab with filters and cursor pages, count and mark them read; the release
 * job delivers one NOTIFICATION event per notice, to the right sockets only.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as ioClient } from 'socket.io-client';
import { DELETE as withdrawRoute } from '@/app/api/v1/operator/notices/[id]/route';
import { POST as reject } from '@/app/api/v1/operator/withdrawals/[id]/reject/route';
import { POST as withdraw } from '@/app/api/v1/wallet/withdrawals/route';
import {
  GET as operatorListRoute,
  POST as publishRoute,
} from '@/app/api/v1/operator/notices/route';
import { PATCH as settingsRoute } from '@/app/api/v1/users/settings/route';
import { GET as popupsRoute } from '@/app/api/v1/notifications/popups/route';
import { POST as readAllRoute } from '@/app/api/v1/notifications/read-all/route';
import { POST as readRoute } from '@/app/api/v1/notifications/read/route';
import { GET as listRoute } from '@/app/api/v1/notifications/route';
import { GET as countRoute } from '@/app/api/v1/notifications/unread-count/route';
import { config } from '@/lib/config';
import { attachRedisAdapter } from '@/lib/realtime/redis-adapter';
import { attachSocketAuth } from '@/lib/realtime/socket-auth';
import type {
  NoticesPage,
  NotificationEvent,
  OperatorNotice,
  PopupNotice,
  UnreadCount,
} from '@/lib/schemas/notifications';
import type { Withdrawal } from '@/lib/schemas/wallet';
import { authenticateStream, createSession, revokeSession } from '@/lib/server/auth/session';
import { closeDb, getDbHandle } from '@/lib/server/db';
import { createPlayer } from '@/lib/server/players/store';
import { tellPlayer } from '@/lib/server/notifications/events';
import { emitToPlayer } from '@/lib/server/realtime';
import { call, request, withId } from './helpers/api';
import { asStaff, signedInStaff } from './helpers/staff';
import { fund, hotWalletOnEthereum } from './helpers/wallet';

jest.setTimeout(60_000);

const mutable = config as Record<string, unknown>;
const OPERATOR = 'operator-token-for-the-tests-0123456789';
let socketServer: Server;
let port: number;

beforeAll(async () => {
  // Withdrawals are taken only where something pays them.
  hotWalletOnEthereum();
  mutable.OPERATOR_TOKEN = OPERATOR;
  const http = createServer();
  socketServer = new Server(http);
  attachSocketAuth(socketServer, authenticateStream);
  globalThis.__io = socketServer;
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  port = (http.address() as AddressInfo).port;
});
afterAll(async () => {
  globalThis.__io = undefined;
  await new Promise((resolve) => socketServer.close(resolve));
  await closeDb();
});

let n = 0;
async function player(options: { language?: string; vipLevel?: number } = {}) {
  const { id } = await createPlayer({ email: `notice${(n += 1)}@example.com`, status: 'active' });
  const sql = (await getDbHandle()).sql;
  await sql('UPDATE users SET language = $2, vip_level = $3 WHERE id = $1', [
    id,
    options.language ?? 'en',
    options.vipLevel ?? 0,
  ]);
  const session = await createSession(id);
  return { id, token: session.token, streamToken: session.streamToken };
}

const publish = (body: Record<string, unknown>, token = OPERATOR) =>
  call<{ id: string; status: string }>(
    publishRoute,
    request('POST', '/operator/notices', { token, body }),
  );
const list = (token: string, query: string) =>
  call<NoticesPage>(listRoute, request('GET', `/notifications?${query}`, { token }));
const counts = async (token: string) =>
  (await call<UnreadCount>(countRoute, request('GET', '/notifications/unread-count', { token })))
    .data!;
const markRead = (token: string, body: Record<string, unknown>) =>
  call<UnreadCount>(readRoute, request('POST', '/notifications/read', { token, body }));
const markAll = (token: string, type: string) =>
  call<UnreadCount>(
    readAllRoute,
    request('POST', '/notifications/read-all', { token, body: { type } }),
  );

/** A player's socket on a socket server (this file's, unless another's port is given). */
async function listen(streamToken: string, at = port) {
  const socket = ioClient(`http://127.0.0.1:${at}`, {
    auth: { token: streamToken },
    transports: ['websocket'],
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', resolve);
    socket.on('connect_error', reject);
  });
  const events: NotificationEvent[] = [];
  socket.on('NOTIFICATION', (event: NotificationEvent) => events.push(event));
  return { socket, events };
}

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('the operator API', () => {
  it('is 401 with a wrong token and refuses bad notices with 400, changing nothing', async () => {
    expect(
      (await publish({ audience: 'platform', category: 'news', title: 'x' }, 'x'.repeat(40)))
        .status,
    ).toBe(401);
    for (const body of [
      { audience: 'platform', category: 'news', title: '' },
      { audience: 'platform', category: 'news', title: 'x', link: 'javascript:alert(1)' },
      { audience: 'platform', category: 'news', title: 'x', link: '//evil.example' },
      { audience: 'platform', category: 'news', title: 'x', image: 'data:image/png;base64,AA' },
      { audience: 'personal', category: 'news', title: 'x' },
      { audience: 'platform', category: 'nope', title: 'x' },
      { audience: 'platform', category: 'news', title: 'x', segment: { language: 'xx' } },
      {
        audience: 'platform',
        category: 'news',
        title: 'x',
        releaseTime: '2030-01-02T00:00:00Z',
        expiresAt: '2030-01-01T00:00:00Z',
      },
    ]) {
      expect((await publish(body)).status).toBe(400);
    }
    // The reason in the operator's words, from the validation texts.
    const link = await publish({
      audience: 'platform',
      category: 'news',
      title: 'x',
      link: 'javascript:alert(1)',
    });
    expect(link.error?.message).toContain(
      'Links may be http(s), mailto, tel or a path on this site',
    );
    const me = await player();
    expect((await list(me.token, 'type=platform')).data!.items).toEqual([]);
  });
});

describe('notices for players', () => {
  it('shows a platform notice to everyone, a personal one to its player only, a segment to its segment', async () => {
    const [en, es, vip] = await Promise.all([
      player(),
      player({ language: 'es' }),
      player({ vipLevel: 3 }),
    ]);
    const all = await publish({
      audience: 'platform',
      category: 'news',
      title: 'For all',
      link: '/promotions',
    });
    expect(all.data).toMatchObject({ status: 'released' });
    await publish({
      audience: 'platform',
      category: 'news',
      title: 'Solo es',
      segment: { language: 'es' },
    });
    await publish({
      audience: 'platform',
      category: 'vip',
      title: 'VIP 3',
      segment: { vipLevel: 3 },
    });
    await publish({ audience: 'personal', userId: es.id, category: 'wallet', title: 'Yours' });
    const titles = async (p: { token: string }, type: string) =>
      (await list(p.token, `type=${type}`)).data!.items.map((i) => i.title).sort();
    expect(await titles(en, 'platform')).toContain('For all');
    expect(await titles(en, 'platform')).not.toEqual(expect.arrayContaining(['Solo es']));
    expect(await titles(es, 'platform')).toEqual(expect.arrayContaining(['For all', 'Solo es']));
    expect(await titles(vip, 'platform')).toEqual(expect.arrayContaining(['For all', 'VIP 3']));
    expect(await titles(es, 'personal')).toEqual(['Yours']);
    expect(await titles(en, 'personal')).toEqual([]);
    const item = (await list(en.token, 'type=platform')).data!.items.find(
      (i) => i.title === 'For all',
    );
    expect(item).toMatchObject({ category: 'news', link: '/promotions', isNew: true, image: null });
  });

  it('keeps a scheduled notice invisible before its release time', async () => {
    const me = await player();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await publish({
      audience: 'personal',
      userId: me.id,
      category: 'news',
      title: 'Later',
      releaseTime: later,
    });
    expect(scheduled.data).toMatchObject({ status: 'scheduled' });
    expect((await list(me.token, 'type=personal')).data!.items).toEqual([]);
    expect((await counts(me.token)).personalCount).toBe(0);
    await (
      await getDbHandle()
    ).sql(`UPDATE notices SET release_time = now() - interval '1 second' WHERE id = $1`, [
      scheduled.data!.id,
    ]);
    expect((await list(me.token, 'type=personal')).data!.items.map((i) => i.title)).toEqual([
      'Later',
    ]);
  });

  it('marks read one by one and all at once, per player, never below zero', async () => {
    const [a, b] = await Promise.all([player(), player()]);
    const before = await counts(a.token);
    const bBefore = await counts(b.token);
    const ids: string[] = [];
    for (const title of ['One', 'Two', 'Three']) {
      ids.push(
        (await publish({ audience: 'platform', category: 'news', title, segment: { vipLevel: 7 } }))
          .data!.id,
      );
    }
    await (
      await getDbHandle()
    ).sql('UPDATE users SET vip_level = 7 WHERE id = ANY($1)', [[a.id, b.id]]);
    expect((await counts(a.token)).platformCount).toBe(before.platformCount + 3);
    const once = await markRead(a.token, {
      notificationId: ids[0],
      category: 'news',
      type: 'platform',
    });
    expect(once.data!.platformCount).toBe(before.platformCount + 2);
    // Again, and in parallel: nothing more.
    const again = await Promise.all(
      [1, 2, 3].map(() => markRead(a.token, { notificationId: ids[0], type: 'platform' })),
    );
    expect(again.map((r) => r.data!.platformCount)).toEqual(
      Array(3).fill(before.platformCount + 2),
    );
    // Read state is the player's own.
    expect((await counts(b.token)).platformCount).toBe(bBefore.platformCount + 3);
    const bUnread = (await list(b.token, 'type=platform&filter=unread')).data!.items.map(
      (i) => i._id,
    );
    expect(bUnread).toEqual(expect.arrayContaining(ids));
    expect(
      (await list(a.token, 'type=platform&filter=read')).data!.items.map((i) => i._id),
    ).toEqual([ids[0]]);
    const cleared = await markAll(a.token, 'public');
    expect(cleared.data!.platformCount).toBe(0);
    expect((await markAll(a.token, 'public')).data!.platformCount).toBe(0);
    expect((await list(a.token, 'type=platform&filter=unread')).data!.items).toEqual([]);
    // A notice after "mark all" is new again.
    await publish({
      audience: 'platform',
      category: 'news',
      title: 'Four',
      segment: { vipLevel: 7 },
    });
    expect((await counts(a.token)).platformCount).toBe(1);
  });

  it('refuses to mark what the player cannot see, and bad inputs, with 4xx', async () => {
    const [a, b] = await Promise.all([player(), player()]);
    const theirs = await publish({
      audience: 'personal',
      userId: b.id,
      category: 'wallet',
      title: 'B only',
    });
    expect(
      (await markRead(a.token, { notificationId: theirs.data!.id, type: 'personal' })).status,
    ).toBe(404);
    expect((await markRead(a.token, { notificationId: 'nope', type: 'personal' })).status).toBe(
      400,
    );
    expect(
      (await markRead(a.token, { notificationId: theirs.data!.id, type: 'other' })).status,
    ).toBe(400);
    expect((await markAll(a.token, 'everything')).status).toBe(400);
    for (const query of [
      'type=all',
      'type=platform&filter=new',
      'type=platform&limit=0',
      'type=platform&limit=51',
      'type=platform&cursor=garbage',
    ]) {
      expect((await list(a.token, query)).status).toBe(400);
    }
    expect((await call(listRoute, request('GET', '/notifications?type=platform'))).status).toBe(
      401,
    );
    expect((await counts(b.token)).personalCount).toBe(1);
  });

  it('pages by cursor without gaps or repeats', async () => {
    const me = await player();
    for (let i = 0; i < 23; i += 1) {
      await publish({ audience: 'personal', userId: me.id, category: 'news', title: `N${i}` });
    }
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 5; page += 1) {
      const answer = await list(
        me.token,
        `type=personal&limit=10${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...answer.data!.items.map((i) => i.title));
      if (!answer.data!.nextCursor) break;
      cursor = answer.data!.nextCursor;
    }
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
  });

  it('withdraws a notice from every drawer, audited', async () => {
    const me = await player();
    const made = await publish({
      audience: 'personal',
      userId: me.id,
      category: 'news',
      title: 'Oops',
      message: 'Hello there',
      link: '/promotions',
    });
    const popups = await call<PopupNotice[]>(
      popupsRoute,
      request('GET', '/notifications/popups', { token: me.token }),
    );
    expect(popups.data).toEqual([
      expect.objectContaining({
        id: made.data!.id,
        type: 'POPUPNOTIFICATION',
        payload: {
          message: 'Hello there',
          data: { title: 'Oops', image: null, link: '/promotions' },
        },
      }),
    ]);
    const withdrawn = await call(
      withId(withdrawRoute, made.data!.id),
      request('DELETE', `/operator/notices/${made.data!.id}`, { token: OPERATOR }),
    );
    expect(withdrawn.data).toMatchObject({ status: 'withdrawn' });
    expect(
      (
        await call(
          withId(withdrawRoute, made.data!.id),
          request('DELETE', `/operator/notices/${made.data!.id}`, { token: OPERATOR }),
        )
      ).status,
    ).toBe(404);
    expect((await list(me.token, 'type=personal')).data!.items).toEqual([]);
    const { rows } = await (
      await getDbHandle()
    ).sql(`SELECT action FROM operator_audit WHERE target = $1 ORDER BY created_at`, [
      `notice:${made.data!.id}`,
    ]);
    expect(rows.map((r) => r.action)).toEqual(['notice.publish', 'notice.withdraw']);
  });
});

describe('the notices room', () => {
  const room = (query: string, req?: Request) =>
    call<OperatorNotice[]>(
      operatorListRoute,
      req ?? request('GET', `/operator/notices?${query}`, { token: OPERATOR }),
    );

  it('a player reads the text of their language, else the English; English in `texts` is refused', async () => {
    const [german, english] = await Promise.all([
      player({ language: 'de', vipLevel: 42 }),
      player({ language: 'en', vipLevel: 42 }),
    ]);
    const refused = await publish({
      audience: 'platform',
      category: 'news',
      title: 'Hello',
      texts: { en: { title: 'Hello again' } },
    });
    expect(refused).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    expect(refused.error!.message).toContain('texts.en');
    const made = await publish({
      audience: 'platform',
      category: 'promotion',
      segment: { vipLevel: 42 },
      title: 'Free spins on Friday',
      message: 'Fifty spins for every deposit',
      texts: {
        de: { title: 'Freispiele am Freitag', message: 'Fünfzig Freispiele je Einzahlung' },
      },
    });
    expect(made.status).toBe(200);
    const seen = async (token: string) => {
      const item = (await list(token, 'type=platform')).data!.items.find(
        (i) => i._id === made.data!.id,
      );
      const popup = (
        await call<PopupNotice[]>(popupsRoute, request('GET', '/notifications/popups', { token }))
      ).data!.find((p) => p.id === made.data!.id);
      return [item?.title, item?.message, popup?.payload.data.title, popup?.payload.message];
    };
    expect(await seen(german.token)).toEqual([
      'Freispiele am Freitag',
      'Fünfzig Freispiele je Einzahlung',
      'Freispiele am Freitag',
      'Fünfzig Freispiele je Einzahlung',
    ]);
    expect(await seen(english.token)).toEqual([
      'Free spins on Friday',
      'Fifty spins for every deposit',
      'Free spins on Friday',
      'Fifty spins for every deposit',
    ]);
  });

  it('lists notices by state with their languages, the audience at release and who read them; support writes to one player only', async () => {
    const vipLevel = 43;
    const readers = await Promise.all([
      player({ language: 'de', vipLevel }),
      player({ language: 'en', vipLevel }),
      player({ language: 'en', vipLevel }),
    ]);
    const made = await publish({
      audience: 'platform',
      category: 'news',
      segment: { vipLevel },
      title: 'Maintenance tonight',
      texts: { de: { title: 'Wartung heute Nacht' }, fr: { title: 'Maintenance ce soir' } },
    });
    const id = made.data!.id;
    const released = async () =>
      (await room('status=released&limit=101')).data!.find((row) => row.id === id);
    const end = Date.now() + 10_000;
    while ((await released())?.audienceSize !== 3 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await released()).toMatchObject({
      audience: 'platform',
      player: null,
      segment: { language: null, vipLevel },
      title: 'Maintenance tonight',
      languages: ['de', 'fr'],
      status: 'released',
      createdBy: 'token:automation',
      audienceSize: 3,
      readCount: 0,
    });
    // One marks it, one marks the whole tab, one does nothing: two read.
    await markRead(readers[0].token, { notificationId: id, type: 'platform' });
    await markAll(readers[1].token, 'public');
    expect((await released())!.readCount).toBe(2);

    const target = await player();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await publish({
      audience: 'personal',
      userId: target.id,
      category: 'wallet',
      title: 'Your statement',
      releaseTime: later,
    });
    const waiting = (await room('status=scheduled&limit=101')).data!.find(
      (row) => row.id === scheduled.data!.id,
    );
    expect(waiting).toMatchObject({
      audience: 'personal',
      audienceSize: null,
      readCount: 0,
      releaseTime: later,
    });
    expect(waiting!.player).toEqual({ id: target.id, username: expect.any(String) });
    await call(
      (req) => withdrawRoute(req, { params: Promise.resolve({ id: scheduled.data!.id }) }),
      request('DELETE', `/operator/notices/${scheduled.data!.id}`, { token: OPERATOR }),
    );
    expect(
      (await room('status=withdrawn&limit=101')).data!.some((r) => r.id === scheduled.data!.id),
    ).toBe(true);
    expect(
      (await room('status=scheduled&limit=101')).data!.some((r) => r.id === scheduled.data!.id),
    ).toBe(false);
    expect(await room('status=gone')).toMatchObject({ status: 400 });

    const support = await signedInStaff('support');
    const asSupport = (body: Record<string, unknown>) =>
      call(publishRoute, asStaff('POST', '/operator/notices', support.cookie, body));
    expect(
      await asSupport({ audience: 'platform', category: 'news', title: 'To everyone' }),
    ).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(
      await asSupport({ audience: 'personal', userId: target.id, category: 'news', title: 'Hi' }),
    ).toMatchObject({ status: 200 });
    const supportList = await room('', asStaff('GET', '/operator/notices', support.cookie));
    expect(supportList.data!.find((r) => r.player?.id === target.id)).toMatchObject({
      createdBy: `staff:${support.id}`,
      createdByName: support.name,
    });
    // What support may not send, support may not take back; its own personal notice it may.
    const toEveryone = (await room('status=released&limit=101')).data!.find((r) => r.id === id)!;
    const withdrawAs = (noticeId: string) =>
      call(
        (req) => withdrawRoute(req, { params: Promise.resolve({ id: noticeId }) }),
        asStaff('DELETE', `/operator/notices/${noticeId}`, support.cookie),
      );
    expect(await withdrawAs(toEveryone.id)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect((await room('status=released&limit=101')).data!.some((r) => r.id === id)).toBe(true);
    const own = supportList.data!.find(
      (r) => r.player?.id === target.id && r.status === 'released',
    )!;
    expect(await withdrawAs(own.id)).toMatchObject({ status: 200 });
    const risk = await signedInStaff('risk');
    expect(await room('', asStaff('GET', '/operator/notices', risk.cookie))).toMatchObject({
      status: 403,
    });
  });
});

describe('delivery over the socket', () => {
  it('sends a released notice once, to its player or its segment only', async () => {
    const [a, b, es] = await Promise.all([player(), player(), player({ language: 'es' })]);
    const [sa, sb, ses] = await Promise.all([
      listen(a.streamToken),
      listen(b.streamToken),
      listen(es.streamToken),
    ]);
    const personal = await publish({
      audience: 'personal',
      userId: a.id,
      category: 'wallet',
      title: 'A',
    });
    const segment = await publish({
      audience: 'platform',
      category: 'news',
      title: 'ES',
      segment: { language: 'es' },
    });
    const everyone = await publish({ audience: 'platform', category: 'news', title: 'All' });
    await until(() => sa.events.length >= 2 && sb.events.length >= 1 && ses.events.length >= 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(sa.events).toEqual(
      expect.arrayContaining([
        { id: personal.data!.id, type: 'PRIVATE' },
        { id: everyone.data!.id, type: 'PUBLIC' },
      ]),
    );
    expect(sa.events).toHaveLength(2);
    expect(sb.events).toEqual([{ id: everyone.data!.id, type: 'PUBLIC' }]);
    expect(ses.events).toEqual(
      expect.arrayContaining([
        { id: segment.data!.id, type: 'PUBLIC' },
        { id: everyone.data!.id, type: 'PUBLIC' },
      ]),
    );
    expect(ses.events).toHaveLength(2);
    for (const s of [sa, sb, ses]) s.socket.close();
  });

  it('moves a player to the new language’s segment at once when the language changes', async () => {
    const me = await player({ language: 'en' });
    const live = await listen(me.streamToken);
    const changed = await call(
      settingsRoute,
      request('PATCH', '/users/settings', { token: me.token, body: { language: 'de' } }),
    );
    expect(changed.status).toBe(200);
    const toEnglish = await publish({
      audience: 'platform',
      category: 'news',
      title: 'EN',
      segment: { language: 'en', vipLevel: 0 },
    });
    const toGerman = await publish({
      audience: 'platform',
      category: 'news',
      title: 'DE',
      segment: { language: 'de' },
    });
    await until(() => live.events.length >= 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(live.events).toEqual([{ id: toGerman.data!.id, type: 'PUBLIC' }]);
    expect(toEnglish.data!.id).not.toBe(toGerman.data!.id);
    live.socket.close();
  });

  it('1,000 personal events to 50 players: none reaches the wrong player', async () => {
    const players = await Promise.all(Array.from({ length: 50 }, () => player()));
    const sockets = await Promise.all(players.map((p) => listen(p.streamToken)));
    const sent = new Map<string, string>();
    for (let i = 0; i < 1000; i += 1) {
      const to = players[i % 50]!;
      const id = crypto.randomUUID();
      sent.set(id, to.id);
      emitToPlayer(to.id, 'NOTIFICATION', { id, type: 'PRIVATE' });
    }
    await until(() => sockets.reduce((sum, s) => sum + s.events.length, 0) >= 1000);
    const wrong = sockets.flatMap((s, i) =>
      s.events.filter((e) => sent.get(e.id) !== players[i]!.id),
    );
    expect(wrong).toEqual([]);
    expect(sockets.map((s) => s.events.length)).toEqual(Array(50).fill(20));
    for (const s of sockets) s.socket.close();
  });
});

describe('what the platform tells players itself', () => {
  it('says a deposit was credited in the player’s language, and a declined withdrawal came back', async () => {
    const es = await player({ language: 'es' });
    await tellPlayer(es.id, 'depositCredited', { amount: '25.500000', currency: 'USDT' });
    const [credited] = (await list(es.token, 'type=personal')).data!.items;
    expect(credited).toMatchObject({
      category: 'wallet',
      title: 'Depósito acreditado',
      message: '25.5 USDT ya está en tu saldo.',
      link: '/account-management/transactions',
      isNew: true,
    });

    const en = await player();
    await fund(en.id, 'USDT', BigInt(100_000_000));
    const made = await call<Withdrawal>(
      withdraw,
      request('POST', '/wallet/withdrawals', {
        token: en.token,
        body: {
          currency: 'USDT',
          network: 'ethereum',
          address: '0x000000000000000000000000000000000000dEaD',
          amount: '20',
          idempotencyKey: `notice-${en.id}`,
        },
      }),
    );
    expect(made.status).toBe(200);
    const rejected = await call(
      withId(reject, made.data!.id),
      request('POST', `/operator/withdrawals/${made.data!.id}/reject`, {
        token: OPERATOR,
        body: { reason: 'address on a sanctions list' },
      }),
    );
    expect(rejected.status).toBe(200);
    const [declined] = (await list(en.token, 'type=personal')).data!.items;
    expect(declined).toMatchObject({
      title: 'Withdrawal declined',
      message: '21 USDT is back in your balance.',
    });
  });
});

describe('several servers on one Redis', () => {
  const redisUrl = process.env.TEST_REDIS_URL;
  (redisUrl ? it : it.skip)(
    'a notice released on server A reaches a socket on server B; revoking the session there ends it',
    async () => {
      // Two socket servers, each joined to the same Redis as server.ts joins them.
      const servers = await Promise.all(
        [0, 1].map(async () => {
          const http = createServer();
          const io = new Server(http);
          attachSocketAuth(io, authenticateStream);
          const close = await attachRedisAdapter(io, redisUrl!, () => undefined);
          await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
          return { io, close, port: (http.address() as AddressInfo).port };
        }),
      );
      const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
      const previous = globalThis.__io;
      globalThis.__io = a.io; // the release job and revocations emit on A
      try {
        const me = await player();
        const { socket, events } = await listen(me.streamToken, b.port);
        const made = await publish({
          audience: 'personal',
          userId: me.id,
          category: 'news',
          title: 'Across servers',
        });
        await until(() => events.length > 0);
        expect(events).toEqual([{ id: made.data!.id, type: 'PRIVATE' }]);
        expect((await list(me.token, 'type=personal')).data!.items.map((i) => i.title)).toEqual([
          'Across servers',
        ]);

        const ended = new Promise<string>((resolve) => socket.on('disconnect', resolve));
        const claims = JSON.parse(Buffer.from(me.token.split('.')[1]!, 'base64url').toString());
        await revokeSession(String(claims.sid));
        expect(await ended).toBe('io server disconnect');
      } finally {
        globalThis.__io = previous;
        for (const s of servers) {
          await new Promise((resolve) => s.io.close(resolve));
          await s.close().catch(() => undefined);
        }
      }
    },
  );
});
