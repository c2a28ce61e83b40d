import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { GET as supportProfile } from '@/app/api/v1/users/support-profile/route';
import { GET as conversationRoute } from '@/app/api/v1/support/route';
import { GET as historyRoute, POST as sendRoute } from '@/app/api/v1/support/messages/route';
import { POST as imageRoute } from '@/app/api/v1/support/images/route';
import { GET as imageFile } from '@/app/api/v1/support/images/[name]/route';
import { POST as readRoute } from '@/app/api/v1/support/read/route';
import { GET as inboxRoute } from '@/app/api/v1/operator/support/conversations/route';
import { GET as staffConversationRoute } from '@/app/api/v1/operator/support/conversations/[id]/route';
import { POST as replyRoute } from '@/app/api/v1/operator/support/conversations/[id]/messages/route';
import { POST as closeRoute } from '@/app/api/v1/operator/support/conversations/[id]/close/route';
import { config } from '@/lib/config';
import { SUPPORT_AGENTS_ROOM } from '@/lib/realtime/socket-auth';
import type { InboxPage, PlayerSupport, SupportMessage } from '@/lib/schemas/support';
import { createSession } from '@/lib/server/auth/session';
import { closeDb, getDbHandle } from '@/lib/server/db';
import { createPlayer } from '@/lib/server/players/store';
import { setLimitStore } from '@/lib/server/http/rate-limit';
import { supportHours } from '@/lib/server/support/hours';
import { post } from '@/lib/server/wallet/ledger';
import { call, request, url, withId } from './helpers/api';
import { connectSocket, startSocketServer, until } from './helpers/sockets';

const OPERATOR = 'operator-token-for-the-support-tests-0123';
let sockets: Awaited<ReturnType<typeof startSocketServer>>;
const open: Socket[] = [];

beforeAll(async () => {
  (config as Record<string, unknown>).OPERATOR_TOKEN = OPERATOR;
  sockets = await startSocketServer();
});
afterEach(() => setLimitStore(undefined));
afterAll(async () => {
  for (const s of open) s.disconnect();
  await sockets.close();
  await closeDb();
});

let n = 0;
async function player() {
  const { id } = await createPlayer({ email: `support${(n += 1)}@example.com`, status: 'active' });
  const session = await createSession(id);
  return { id, token: session.token, streamToken: session.streamToken };
}

type Event = { conversationId: string; userId?: string; message: SupportMessage };
/** A socket that keeps every support message it receives. */
async function listen(streamToken?: string) {
  const socket = await connectSocket(sockets.port, streamToken);
  open.push(socket);
  const messages: Event[] = [];
  socket.on('support:message', (e: Event) => messages.push(e));
  return { socket, messages };
}
/** An agent's inbox socket (the back office joins staff sockets to this room). */
async function agentSocket() {
  const agent = await listen();
  sockets.io.in(agent.socket.id!).socketsJoin(SUPPORT_AGENTS_ROOM);
  await until(
    () => sockets.io.sockets.adapter.rooms.get(SUPPORT_AGENTS_ROOM)?.has(agent.socket.id!) ?? false,
  );
  return agent;
}

const send = (token: string, text: unknown) =>
  call<SupportMessage>(sendRoute, request('POST', '/support/messages', { token, body: { text } }));
const mine = (token: string) =>
  call<PlayerSupport>(conversationRoute, request('GET', '/support', { token }));
const reply = (id: string, text: string) =>
  call<SupportMessage>(
    withId(replyRoute, id),
    request('POST', `/operator/support/conversations/${id}/messages`, {
      token: OPERATOR,
      body: { text },
    }),
  );
const sendImage = (token: string, bytes: Buffer, type = 'image/png') =>
  call<SupportMessage>(
    imageRoute,
    new Request(url('/support/images'), {
      method: 'POST',
      body: new Uint8Array(bytes),
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
    }),
  );
const fetchImage = (path: string, token: string) => {
  const name = path.split('/').pop()!;
  return imageFile(
    new Request(url(`/support/images/${name}`), { headers: { authorization: `Bearer ${token}` } }),
    {
      params: Promise.resolve({ name }),
    },
  );
};

describe('a conversation', () => {
  it('refuses bad messages and stores nothing', async () => {
    const p = await player();
    for (const bad of ['', '   ', '\u0000\u0007', 'x'.repeat(2001), 42, null, ['hi']]) {
      expect(await send(p.token, bad)).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
    }
    expect((await mine(p.token)).data).toEqual({
      conversation: null,
      messages: [],
      nextCursor: null,
      hours: { online: true, opensAt: null },
    });
    expect((await send('not-a-token', 'hello')).status).toBe(401);
  });

  it('a player writes, the agent sees it live and replies, the player gets the reply live and in the history', async () => {
    const p = await player();
    const tab = await listen(p.streamToken);
    const agent = await agentSocket();

    const first = await send(p.token, '  My deposit is late\u202e  ');
    expect(first.data).toMatchObject({ author: 'player', text: 'My deposit is late', image: null });
    await until(() => agent.messages.length === 1);
    const conversationId = agent.messages[0]!.conversationId;
    expect(agent.messages[0]).toMatchObject({
      userId: p.id,
      message: { text: 'My deposit is late' },
    });

    const inbox = await call<InboxPage>(
      inboxRoute,
      request('GET', '/operator/support/conversations?status=open', { token: OPERATOR }),
    );
    expect(inbox.data!.items.find((c) => c.id === conversationId)).toMatchObject({
      unread: 1,
      lastMessage: 'My deposit is late',
      player: { id: p.id },
    });

    expect((await reply(conversationId, 'Checking it now')).data).toMatchObject({
      author: 'agent',
    });
    await until(() => tab.messages.some((e) => e.message.author === 'agent'));
    const history = (await mine(p.token)).data!;
    expect(history.conversation).toMatchObject({ status: 'waiting', unread: 1 });
    expect(history.messages.map((m) => [m.author, m.text])).toEqual([
      ['player', 'My deposit is late'],
      ['agent', 'Checking it now'],
    ]);
    // Its socket was connected: the reply counts as delivered.
    expect(history.messages[1]!.deliveredAt).not.toBeNull();

    const read = await call(
      readRoute,
      request('POST', '/support/read', { token: p.token, body: { upTo: history.messages[1]!.id } }),
    );
    expect(read.data).toEqual({ read: 1 });
    expect((await mine(p.token)).data!.conversation!.unread).toBe(0);

    // Closed, then reopened by the player's next message, history kept.
    await call(
      withId(closeRoute, conversationId),
      request('POST', `/operator/support/conversations/${conversationId}/close`, {
        token: OPERATOR,
      }),
    );
    expect((await mine(p.token)).data!.conversation!.status).toBe('closed');
    await send(p.token, 'Still waiting');
    const again = (await mine(p.token)).data!;
    expect(again.conversation).toMatchObject({ id: conversationId, status: 'open' });
    expect(again.messages).toHaveLength(3);
  });

  it('pages the history by cursor, oldest first', async () => {
    const p = await player();
    const { sql } = await getDbHandle();
    await send(p.token, 'message 1');
    const { conversation } = (await mine(p.token)).data!;
    await sql(
      `INSERT INTO support_messages (conversation_id, author, body)
       SELECT $1, 'player', 'message ' || g FROM generate_series(2, 45) g`,
      [conversation!.id],
    );
    const latest = (await mine(p.token)).data!;
    expect(latest.messages).toHaveLength(30);
    expect(latest.messages.at(-1)!.text).toBe('message 45');
    const older = await call<PlayerSupport>(
      historyRoute,
      request('GET', `/support/messages?before=${latest.nextCursor}`, { token: p.token }),
    );
    expect(older.data!.messages.map((m) => m.text)).toEqual(
      Array.from({ length: 15 }, (_, i) => `message ${i + 1}`),
    );
    expect(older.data!.nextCursor).toBeNull();
    expect(
      (await call(historyRoute, request('GET', '/support/messages?before=abc', { token: p.token })))
        .status,
    ).toBe(400);
  });

  it('counts messages before sending them: the 21st in a minute is refused', async () => {
    const p = await player();
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => send(p.token, `m${i}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
    expect((await mine(p.token)).data!.messages).toHaveLength(20);
  });

  it('an unknown conversation is 404 to the agent; the operator API refuses a player token', async () => {
    const p = await player();
    expect((await reply(randomUUID(), 'hello')).status).toBe(404);
    const asPlayer = await call(
      inboxRoute,
      request('GET', '/operator/support/conversations', { token: p.token }),
    );
    expect(asPlayer.status).toBe(401);
  });
});

describe('the inbox', () => {
  const page = (cursor?: string) =>
    call<InboxPage>(
      inboxRoute,
      request(
        'GET',
        `/operator/support/conversations?status=waiting${cursor ? `&cursor=${cursor}` : ''}`,
        { token: OPERATOR },
      ),
    );

  it('pages 50 at a time, latest first, every conversation once; a forged cursor is a 400', async () => {
    // 60 waiting conversations whose last messages arrive within a few milliseconds.
    const { sql } = await getDbHandle();
    const made: string[] = [];
    for (let i = 0; i < 60; i += 1) {
      const p = await player();
      expect((await send(p.token, `waiting ${i}`)).status).toBe(200);
      made.push((await mine(p.token)).data!.conversation!.id);
    }
    await sql(`UPDATE support_conversations SET status = 'waiting' WHERE id = ANY($1::uuid[])`, [
      made,
    ]);
    const seen: string[] = [];
    const times: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const { status, data } = await page(cursor);
      expect(status).toBe(200);
      expect(data!.items.length).toBeLessThanOrEqual(50);
      seen.push(...data!.items.map((c) => c.id));
      times.push(...data!.items.map((c) => c.lastMessageAt!));
      cursor = data!.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(made));
    expect([...times].sort().reverse()).toEqual(times);

    const forged = await page('bm90LWEtY3Vyc29y');
    expect(forged.status).toBe(400);
    expect(forged.code).toBe('VALIDATION_ERROR');
  });
});

describe('images', () => {
  const png = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();

  it('refuses a lying extension, an oversized file and an empty one', async () => {
    const p = await player();
    expect((await sendImage(p.token, Buffer.from('<html><script>alert(1)</script>'))).status).toBe(
      415,
    );
    expect((await sendImage(p.token, Buffer.from('%PDF-1.4\n%%EOF'), 'image/jpeg')).status).toBe(
      415,
    );
    expect((await sendImage(p.token, Buffer.alloc(6 * 1024 * 1024, 1))).status).toBe(413);
    expect((await sendImage(p.token, Buffer.alloc(0))).status).toBe(400);
    expect((await mine(p.token)).data!.messages).toEqual([]);
  });

  it('a JPEG with HTML appended is stored without it, shown to its player and staff only', async () => {
    const p = await player();
    const other = await player();
    const jpeg = await sharp(await png())
      .jpeg()
      .toBuffer();
    const polyglot = Buffer.concat([jpeg, Buffer.from('<script>alert(document.cookie)</script>')]);
    const sent = await sendImage(p.token, polyglot, 'image/jpeg');
    expect(sent.data!.image).toMatch(/^\/api\/v1\/support\/images\/[a-f0-9]{32}\.jpeg$/);

    const res = await fetchImage(sent.data!.image!, p.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.includes(Buffer.from('<script'))).toBe(false);
    expect((await sharp(bytes).metadata()).format).toBe('jpeg');

    expect((await fetchImage(sent.data!.image!, other.token)).status).toBe(404);
    const { conversation } = (await mine(p.token)).data!;
    const staffView = await call<{ messages: SupportMessage[] }>(
      withId(staffConversationRoute, conversation!.id),
      request('GET', `/operator/support/conversations/${conversation!.id}`, { token: OPERATOR }),
    );
    expect(staffView.data!.messages[0]!.image).toMatch(/^\/api\/v1\/operator\/support\/images\//);
    const inbox = await call<InboxPage>(
      inboxRoute,
      request('GET', '/operator/support/conversations', { token: OPERATOR }),
    );
    expect(inbox.data!.items.find((c) => c.id === conversation!.id)).toMatchObject({
      lastMessage: null,
      lastIsImage: true,
    });
  });
});

it('1,000 messages from 50 players: none reaches another player, each reaches its own', async () => {
  const players = await Promise.all(Array.from({ length: 50 }, () => player()));
  const tabs = await Promise.all(players.map((p) => listen(p.streamToken)));
  const agent = await agentSocket();
  // Twenty messages each, the players writing at the same time.
  for (let round = 0; round < 20; round += 1) {
    const answers = await Promise.all(players.map((p, i) => send(p.token, `p${i} m${round}`)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
  }
  await until(() => agent.messages.length === 1000, 30_000);
  await until(() => tabs.every((t) => t.messages.length >= 20), 30_000);

  const conversationOf = new Map<string, string>();
  for (const e of agent.messages) conversationOf.set(e.userId!, e.conversationId);
  let wrong = 0;
  tabs.forEach((tab, i) => {
    for (const e of tab.messages) {
      if (e.conversationId !== conversationOf.get(players[i]!.id)) wrong += 1;
      if (!e.message.text.startsWith(`p${i} `)) wrong += 1;
    }
    expect(tab.messages).toHaveLength(20);
  });
  expect(wrong).toBe(0);
  expect(new Set(conversationOf.values()).size).toBe(50);
}, 120_000);

it('a player typing shows in the inbox, once a second at most; a guest socket cannot type', async () => {
  const p = await player();
  const tab = await listen(p.streamToken);
  const guest = await listen();
  const agent = await agentSocket();
  const typing: Array<{ userId: string }> = [];
  agent.socket.on('support:typing', (e: { userId: string }) => typing.push(e));
  guest.socket.emit('support:typing');
  for (let i = 0; i < 5; i += 1) tab.socket.emit('support:typing');
  await until(() => typing.length > 0);
  await new Promise((r) => setTimeout(r, 200));
  expect(typing).toEqual([{ userId: p.id }]);
});

it('a forged stream token is refused at the handshake', async () => {
  const p = await player();
  const [head, body] = p.streamToken.split('.');
  await expect(connectSocket(sockets.port, `${head}.${body}.forged-signature`)).rejects.toThrow(
    'unauthorized',
  );
});

describe('memberInfo', () => {
  const posting = (
    type: 'deposit' | 'bet' | 'win',
    userId: string,
    currency: string,
    amount: bigint,
  ) =>
    post({
      type,
      scope: `test-${type}`,
      key: randomUUID(),
      userId,
      lines:
        type === 'bet'
          ? [
              { account: { userId, currency }, amount: -amount },
              { account: { house: 'game', currency }, amount },
            ]
          : [
              {
                account: { house: type === 'win' ? 'game' : 'deposits', currency },
                amount: -amount,
              },
              { account: { userId, currency }, amount },
            ],
    });

  it('totals the ledger rows in USD: deposits, paid withdrawals, and the net loss to the house', async () => {
    const p = await player();
    const { sql } = await getDbHandle();
    const { rows } = (await sql(
      `SELECT symbol, decimals FROM cryptos WHERE symbol IN ('USDT', 'BTC')`,
    )) as { rows: { symbol: string; decimals: number }[] };
    const unit = (symbol: string) =>
      BigInt(10) ** BigInt(rows.find((r) => r.symbol === symbol)!.decimals);
    // 150 USDT and 0.01 BTC (900 USD at the indicative 90,000) in; 40 USDT staked, 15 won back.
    await posting('deposit', p.id, 'USDT', BigInt(150) * unit('USDT'));
    await posting('deposit', p.id, 'BTC', unit('BTC') / BigInt(100));
    await posting('bet', p.id, 'USDT', BigInt(40) * unit('USDT'));
    await posting('win', p.id, 'USDT', BigInt(15) * unit('USDT'));
    // 30 USDT withdrawn: held, then paid out (with a 1 USDT fee).
    await post({
      type: 'hold',
      scope: 'test-hold',
      key: randomUUID(),
      userId: p.id,
      lines: [
        { account: { userId: p.id, currency: 'USDT' }, amount: BigInt(-31) * unit('USDT') },
        {
          account: { userId: p.id, currency: 'USDT', kind: 'held' },
          amount: BigInt(31) * unit('USDT'),
        },
      ],
    });
    await post({
      type: 'withdrawal',
      scope: 'test-paid',
      key: randomUUID(),
      userId: p.id,
      lines: [
        {
          account: { userId: p.id, currency: 'USDT', kind: 'held' },
          amount: BigInt(-31) * unit('USDT'),
        },
        { account: { house: 'withdrawals', currency: 'USDT' }, amount: BigInt(30) * unit('USDT') },
        { account: { house: 'fees', currency: 'USDT' }, amount: unit('USDT') },
      ],
    });

    const info = await call<{ memberInfo: Record<string, unknown> }>(
      supportProfile,
      request('GET', '/users/support-profile', { token: p.token }),
    );
    expect(info.data!.memberInfo).toMatchObject({
      totalDepositAmount: '1050.00',
      totalWithdrawAmount: '31.00',
      companyIncome: '25.00',
      agentId: null,
      loginType: 'Email',
    });
    expect(info.data!.memberInfo.lastLoginDate).toEqual(expect.any(String));
  });
});

describe('memberInfo withdraw-only balance', () => {
  it('shows the withdraw-only balance beside the balance, in whatever currency it sits', async () => {
    const p = await player();
    const profileOf = async () =>
      (
        await call<{ memberInfo: Record<string, unknown> }>(
          supportProfile,
          request('GET', '/users/support-profile', { token: p.token }),
        )
      ).data!.memberInfo;
    expect(await profileOf()).toMatchObject({ withdrawOnlyBalance: '0' });
    // 20 USDT arrived past a deposit limit: withdraw-only (USDT keeps 6 decimals).
    await post({
      type: 'deposit',
      scope: 'test-withdraw-only',
      key: randomUUID(),
      userId: p.id,
      lines: [
        { account: { house: 'deposits', currency: 'USDT' }, amount: BigInt(-20_000_000) },
        {
          account: { userId: p.id, currency: 'USDT', kind: 'withdraw_only' },
          amount: BigInt(20_000_000),
        },
      ],
    });
    expect(await profileOf()).toMatchObject({ withdrawOnlyBalance: '20.000000 USDT' });
  });
});

describe('support hours', () => {
  const at = (iso: string) => new Date(iso);
  it('answers online inside the UTC window and the next opening outside it', () => {
    expect(supportHours(undefined, at('2026-11-25T03:00:00Z'))).toEqual({
      online: true,
      opensAt: null,
    });
    expect(supportHours('09:00-21:00', at('2026-11-25T12:00:00Z')).online).toBe(true);
    expect(supportHours('09:00-21:00', at('2026-11-25T08:59:00Z'))).toEqual({
      online: false,
      opensAt: '2026-11-25T09:00:00.000Z',
    });
    expect(supportHours('09:00-21:00', at('2026-11-25T21:00:00Z')).opensAt).toBe(
      '2026-11-26T09:00:00.000Z',
    );
    // A window across midnight.
    expect(supportHours('22:00-06:00', at('2026-11-25T23:30:00Z')).online).toBe(true);
    expect(supportHours('22:00-06:00', at('2026-11-25T05:59:00Z')).online).toBe(true);
    expect(supportHours('22:00-06:00', at('2026-11-25T06:00:00Z')).opensAt).toBe(
      '2026-11-25T22:00:00.000Z',
    );
  });
});
