/**
 * The players room's API (issue 36): search by every field staff look players up by, the player
 * page (its read audited), notes and tags, block / unblock and ending sessions by role.
 */
import { POST as login } from '@/app/api/v1/auth/login/route';
import { POST as blockRoute } from '@/app/api/v1/operator/players/[id]/block/route';
import { GET as ledgerRoute } from '@/app/api/v1/operator/players/[id]/ledger/route';
import { POST as noteRoute } from '@/app/api/v1/operator/players/[id]/notes/route';
import { GET as pageRoute } from '@/app/api/v1/operator/players/[id]/route';
import { POST as endRoute } from '@/app/api/v1/operator/players/[id]/sessions/end/route';
import { PUT as tagsRoute } from '@/app/api/v1/operator/players/[id]/tags/route';
import { POST as unblockRoute } from '@/app/api/v1/operator/players/[id]/unblock/route';
import { GET as searchRoute } from '@/app/api/v1/operator/players/route';
import { GET as balancesRoute } from '@/app/api/v1/wallet/balances/route';
import type { PlayerPage, PlayerRow } from '@/lib/schemas/back-office-players';
import type { TransactionsPage } from '@/lib/schemas/wallet';
import { getDbHandle } from '@/lib/server/db';
import { createPlayer } from '@/lib/server/players/store';
import { call, request, withId } from './helpers/api';
import { activePlayer } from './helpers/players';
import { asStaff, signedInStaff } from './helpers/staff';
import { payoutsConfigured, requestedWithdrawal } from './helpers/wallet';

payoutsConfigured('operator-token-for-the-players-room-test');

const sql = async (text: string, params: unknown[] = []) =>
  (await (await getDbHandle()).sql(text, params)).rows;

const ADDRESS = '0x00000000000000000000000000000000000fEed2';
let player: { userId: string; token: string; memberId: string; username: string };
let support: Awaited<ReturnType<typeof signedInStaff>>;
let risk: Awaited<ReturnType<typeof signedInStaff>>;
let payments: Awaited<ReturnType<typeof signedInStaff>>;

beforeAll(async () => {
  const made = await requestedWithdrawal({
    email: 'findme@example.com',
    currency: 'ETH',
    network: 'ethereum',
    funded: BigInt(100_000_000),
    amount: '0.1',
    to: ADDRESS,
  });
  const [row] = (await sql(
    `UPDATE users SET username = 'Findme_100%', phone = '+4915112345678', password_hash = NULL
      WHERE id = $1 RETURNING member_no::text AS "memberId", username`,
    [made.userId],
  )) as Array<{ memberId: string; username: string }>;
  await sql(
    `INSERT INTO sign_in_events (user_id, login_type, ip, success) VALUES ($1, 'email', '203.0.113.50', true)`,
    [made.userId],
  );
  await sql(
    `INSERT INTO deposits (user_id, network, chain_id, currency, address, sender, tx_hash, log_position, block_number, block_hash, on_chain_amount, amount, remainder)
     VALUES ($1, 'ethereum', 1337, 'ETH', '0xabc', '0x00000000000000000000000000000000000000bb', '0x01', -1, 1, '0x1', 1, 1, 0)`,
    [made.userId],
  );
  player = { ...made, ...row! };
  [support, risk, payments] = await Promise.all([
    signedInStaff('support'),
    signedInStaff('risk'),
    signedInStaff('payments'),
  ]);
});

const search = (q: string, by = 'any', cookie = support.cookie) =>
  call<PlayerRow[]>(
    searchRoute,
    asStaff('GET', `/operator/players?${new URLSearchParams({ q, by })}`, cookie),
  );

describe('player search', () => {
  it.each([
    ['member id', () => player.memberId, 'any'],
    ['username start, any case', () => 'findME_1', 'any'],
    ['email', () => 'FindMe@example.com', 'any'],
    ['phone without +', () => '4915112345678', 'phone'],
    ['withdrawal address, any case', () => ADDRESS.toLowerCase(), 'any'],
    ['deposit sender', () => '0x00000000000000000000000000000000000000BB', 'any'],
    ['sign-in IP', () => '203.0.113.50', 'any'],
    ['player id', () => player.userId, 'any'],
  ])('finds the player by %s', async (_name, q, by) => {
    const found = await search(q(), by);
    expect(found.status).toBe(200);
    expect(found.data!.map((r) => r.id)).toContain(player.userId);
    expect(found.data!.find((r) => r.id === player.userId)).toMatchObject({
      username: 'Findme_100%',
      email: 'findme@example.com',
      status: 'active',
      kycLevel: 0,
    });
  });

  it("matches a username's start literally: % and _ are no wildcards", async () => {
    expect((await search('Findme_100%', 'username')).data).toHaveLength(1);
    expect((await search('F%', 'username')).data).toEqual([]);
    expect((await search('Findm_', 'username')).data).toEqual([]);
    expect((await search('nobody-like-this')).data).toEqual([]);
  });

  it('is audited, and refuses a player token or an empty query', async () => {
    const audits = await sql(
      `SELECT actor, after FROM operator_audit WHERE action = 'player.search' AND actor = $1`,
      [`staff:${support.id}`],
    );
    expect(audits.length).toBeGreaterThan(5);
    expect((await search('', 'any')).status).toBe(400);
    expect(
      (await call(searchRoute, request('GET', '/operator/players?q=x', { token: player.token })))
        .status,
    ).toBe(401);
  });
});

describe('the player page', () => {
  const page = (cookie: string, id = player.userId) =>
    call<PlayerPage>(withId(pageRoute, id), asStaff('GET', `/operator/players/${id}`, cookie));

  it('shows every role the player, their balances and sign-ins; the read is audited', async () => {
    const shown = await page(support.cookie);
    expect(shown.data!.profile).toMatchObject({
      id: player.userId,
      memberId: player.memberId,
      email: 'findme@example.com',
      phone: '+4915112345678',
    });
    expect(shown.data!.balances).toEqual(
      expect.arrayContaining([{ currency: 'ETH', kind: 'held', balance: expect.any(String) }]),
    );
    expect(shown.data!.signIns).toEqual([
      expect.objectContaining({ ip: '203.0.113.50', success: true }),
    ]);
    expect(shown.data!.kyc).toEqual({
      level: 0,
      levels: [],
      documents: [],
    });
    expect(
      await sql(`SELECT actor FROM operator_audit WHERE action = 'player.view' AND target = $1`, [
        `player:${player.userId}`,
      ]),
    ).toEqual([{ actor: `staff:${support.id}` }]);
    expect((await page(support.cookie, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('takes notes and tags from every role, audited, and shows them', async () => {
    const note = await call(
      withId(noteRoute, player.userId),
      asStaff('POST', `/operator/players/${player.userId}/notes`, support.cookie, {
        body: 'Asked about the <b>withdrawal</b> twice',
      }),
    );
    expect(note.data).toMatchObject({ authorName: support.name });
    const tags = (list: string[]) =>
      call<{ tags: string[] }>(
        withId(tagsRoute, player.userId),
        asStaff('PUT', `/operator/players/${player.userId}/tags`, support.cookie, { tags: list }),
      );
    expect((await tags(['vip host: Anna', 'chargeback-2026'])).data).toEqual({
      tags: ['chargeback-2026', 'vip host: Anna'],
    });
    expect((await tags(['vip host: Anna'])).data).toEqual({ tags: ['vip host: Anna'] });
    expect((await tags(['<script>'])).status).toBe(400);
    const shown = (await page(risk.cookie)).data!;
    expect(shown.tags).toEqual(['vip host: Anna']);
    expect(shown.notes).toEqual([
      expect.objectContaining({ body: 'Asked about the <b>withdrawal</b> twice' }),
    ]);
    expect(
      await sql(
        `SELECT before, after FROM operator_audit WHERE action = 'player.tags' ORDER BY created_at`,
      ),
    ).toEqual([
      { before: { tags: [] }, after: { tags: ['chargeback-2026', 'vip host: Anna'] } },
      {
        before: { tags: ['chargeback-2026', 'vip host: Anna'] },
        after: { tags: ['vip host: Anna'] },
      },
    ]);
  });

  it("shows the player's ledger history, filtered, to every role", async () => {
    const ledger = (cookie: string) =>
      call<TransactionsPage>(
        withId(ledgerRoute, player.userId),
        asStaff('GET', `/operator/players/${player.userId}/ledger?limit=10`, cookie),
      );
    const read = await ledger(payments.cookie);
    expect(read.data!.data.map((t) => t.type).sort()).toEqual(['deposit', 'withdrawal']);
    expect(
      await sql(`SELECT actor FROM operator_audit WHERE action = 'player.ledger' AND target = $1`, [
        `player:${player.userId}`,
      ]),
    ).toEqual([{ actor: `staff:${payments.id}` }]);
    const bySupport = await call<TransactionsPage>(
      withId(ledgerRoute, player.userId),
      asStaff('GET', `/operator/players/${player.userId}/ledger?type=withdrawal`, support.cookie),
    );
    expect(bySupport.data!.data).toEqual([
      expect.objectContaining({ type: 'withdrawal', currency: 'ETH' }),
    ]);
    expect(
      (
        await call(
          withId(ledgerRoute, player.userId),
          request('GET', `/operator/players/${player.userId}/ledger`, { token: player.token }),
        )
      ).status,
    ).toBe(401);
  });
});

describe('blocking a player and ending sessions', () => {
  it('risk blocks (sessions end, sign-in refused) and unblocks, once each, audited', async () => {
    const email = 'blockme@example.com';
    const { token } = await activePlayer(email);
    const [{ id }] = (await sql(`SELECT id FROM users WHERE email = $1`, [email])) as [
      { id: string },
    ];
    const act = (route: typeof blockRoute, path: string, cookie: string, reason = 'fraud ring') =>
      call<{ status: string; sessionsEnded: number }>(
        withId(route, id!),
        asStaff('POST', `/operator/players/${id}/${path}`, cookie, { reason }),
      );
    expect((await act(blockRoute, 'block', support.cookie)).status).toBe(403);
    // An account never activated is not blocked (it cannot sign in; unblocking would activate it).
    const pending = await createPlayer({ email: 'never-activated@example.com', status: 'pending' });
    expect(
      (
        await call(
          withId(blockRoute, pending.id),
          asStaff('POST', `/operator/players/${pending.id}/block`, risk.cookie, {
            reason: 'fraud ring',
          }),
        )
      ).status,
    ).toBe(409);
    expect((await act(blockRoute, 'block', risk.cookie, 'no')).status).toBe(400);
    const blocked = await act(blockRoute, 'block', risk.cookie);
    expect(blocked.data).toEqual({ status: 'blocked', sessionsEnded: 1 });
    expect((await act(blockRoute, 'block', risk.cookie)).status).toBe(409);
    expect((await call(balancesRoute, request('GET', '/wallet/balances', { token }))).status).toBe(
      401,
    );
    const refused = await call(
      login,
      request('POST', '/auth/login', { body: { email, password: 'secret123' } }),
    );
    expect(refused.code).toBe('ACCOUNT_BLOCKED');

    expect((await act(unblockRoute, 'unblock', risk.cookie, 'cleared')).data).toEqual({
      status: 'active',
      sessionsEnded: 0,
    });
    const again = await call<{ token: string }>(
      login,
      request('POST', '/auth/login', { body: { email, password: 'secret123' } }),
    );
    expect(again.status).toBe(200);
    const ended = await act(endRoute, 'sessions/end', risk.cookie, 'lost phone');
    expect(ended.data).toEqual({ sessionsEnded: 1 });
    expect(
      await sql(
        `SELECT action, before, after FROM operator_audit WHERE target = $1 AND action LIKE 'player.%' AND action <> 'player.view' ORDER BY created_at`,
        [`player:${id}`],
      ),
    ).toEqual([
      {
        action: 'player.block',
        before: { status: 'active' },
        after: { status: 'blocked', reason: 'fraud ring' },
      },
      {
        action: 'player.unblock',
        before: { status: 'blocked' },
        after: { status: 'active', reason: 'cleared' },
      },
      { action: 'player.sessions.end', before: null, after: { ended: 1, reason: 'lost phone' } },
    ]);
  });
});

describe('limits staff set', () => {
  it('risk tightens a limit at once, never loosens it; support cannot', async () => {
    const { POST: limitsRoute } = await import('@/app/api/v1/operator/players/[id]/limits/route');
    const { setLimit } = await import('@/lib/server/protection/limits');
    const tighten = (cookie: string, amount: number) =>
      call(
        withId(limitsRoute, player.userId),
        asStaff('POST', `/operator/players/${player.userId}/limits`, cookie, {
          kind: 'deposit',
          period: 'day',
          amount,
          reason: 'affordability check pending',
        }),
      );
    expect((await tighten(support.cookie, 500)).status).toBe(403);
    expect((await tighten(risk.cookie, 500)).data).toEqual({
      kind: 'deposit',
      period: 'day',
      amount: 500,
    });
    // The player asks for more: it waits its time, and staff tightening drops that increase.
    await setLimit(player.userId, { kind: 'deposit', period: 'day', amount: 5000 });
    expect(await tighten(risk.cookie, 500)).toMatchObject({
      status: 409,
      code: 'LIMIT_NOT_TIGHTER',
      error: {
        message:
          "Staff can only tighten a limit: the new amount must be below the player's current one.",
      },
    });
    expect((await tighten(risk.cookie, 900)).status).toBe(409);
    expect((await tighten(risk.cookie, 300)).status).toBe(200);
    const [row] = await sql(
      `SELECT amount, pending_amount AS "pendingAmount" FROM player_limits WHERE user_id = $1`,
      [player.userId],
    );
    expect(row).toEqual({ amount: 300, pendingAmount: null });
    expect(
      await sql(
        `SELECT before, after FROM operator_audit WHERE action = 'player.limit.tighten' ORDER BY created_at`,
      ),
    ).toEqual([
      {
        before: { kind: 'deposit', period: 'day', amount: null, pendingAmount: null },
        after: {
          kind: 'deposit',
          period: 'day',
          amount: 500,
          reason: 'affordability check pending',
        },
      },
      {
        before: { kind: 'deposit', period: 'day', amount: 500, pendingAmount: 5000 },
        after: {
          kind: 'deposit',
          period: 'day',
          amount: 300,
          reason: 'affordability check pending',
        },
      },
    ]);
  });
});
