/**
 * The back office's shared pieces (issue 36): the audit trail nobody edits, the overview each role
 * lands on, and the payments queue a page at a time with the player beside each withdrawal.
 */
import { generate } from 'otplib';
import { GET as auditRoute } from '@/app/api/v1/operator/audit/route';
import { GET as overviewRoute } from '@/app/api/v1/operator/overview/route';
import { POST as disableRoute } from '@/app/api/v1/operator/staff/[id]/disable/route';
import { PATCH as roleRoute } from '@/app/api/v1/operator/staff/[id]/route';
import { POST as totpRoute } from '@/app/api/v1/operator/staff/[id]/totp/route';
import { GET as accountsRoute } from '@/app/api/v1/operator/staff/accounts/route';
import { GET as sessionRoute } from '@/app/api/v1/operator/session/route';
import { POST as approveRoute } from '@/app/api/v1/operator/withdrawals/[id]/approve/route';
import { GET as queueRoute } from '@/app/api/v1/operator/withdrawals/route';
import type { AuditEntry, Overview, QueuedWithdrawal } from '@/lib/schemas/operator';
import type { StaffAccountRow } from '@/lib/schemas/staff';
import { getDbHandle } from '@/lib/server/db';
import { staffByToken } from '@/lib/server/staff/sessions';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { call, request, withId } from './helpers/api';
import { connectSocket, startSocketServer, until } from './helpers/sockets';
import { asStaff, signedInStaff, staffSignIn } from './helpers/staff';
import { payoutsConfigured, requestedWithdrawal } from './helpers/wallet';

const OPERATOR = 'operator-token-for-the-back-office-test';
const ADDRESS = '0x000000000000000000000000000000000000dEaD';
payoutsConfigured(OPERATOR);

const sql = async (text: string, params: unknown[] = []) =>
  (await (await getDbHandle()).sql(text, params)).rows;

let n = 0;
const withdrawal = (amount = '0.25') =>
  requestedWithdrawal({
    email: `office${(n += 1)}@example.com`,
    currency: 'ETH',
    network: 'ethereum',
    funded: BigInt(100_000_000),
    amount,
    to: ADDRESS,
  });

describe('the operator audit', () => {
  it('takes new rows and refuses UPDATE, DELETE and TRUNCATE in SQL', async () => {
    await sql(
      `INSERT INTO operator_audit (actor, role, action, target) VALUES ('token:automation', 'admin', 'test.write', 'test:1')`,
    );
    await expect(sql(`UPDATE operator_audit SET action = 'forged'`)).rejects.toThrow(/append-only/);
    await expect(sql(`DELETE FROM operator_audit`)).rejects.toThrow(/append-only/);
    await expect(sql(`TRUNCATE operator_audit`)).rejects.toThrow(/append-only/);
    expect(await sql(`SELECT action FROM operator_audit WHERE target = 'test:1'`)).toEqual([
      { action: 'test.write' },
    ]);
  });

  it('ledger:check names a disabled audit guard', async () => {
    await sql('ALTER TABLE operator_audit DISABLE TRIGGER operator_audit_append_only');
    try {
      expect(await checkLedger()).toContainEqual({
        rule: "the ledger's and the operator audit's append-only guards are in place and enabled",
        detail: 'operator_audit_append_only',
      });
    } finally {
      await sql('ALTER TABLE operator_audit ENABLE TRIGGER operator_audit_append_only');
    }
    expect(await checkLedger()).toEqual([]);
  });
});

describe('the overview', () => {
  const overviewAs = async (cookie: string) =>
    (await call<Overview>(overviewRoute, asStaff('GET', '/operator/overview', cookie))).data!;

  it("shows each role the queues it works, and everyone today's counts", async () => {
    const before = await call<Overview>(
      overviewRoute,
      request('GET', '/operator/overview', { token: OPERATOR }),
    );
    const pendingBefore = before.data!.queues.find((q) => q.queue === 'withdrawals')!.waiting;
    await withdrawal();

    const payments = await signedInStaff('payments');
    const support = await signedInStaff('support');
    const risk = await signedInStaff('risk');
    const admin = await signedInStaff('admin');
    const seen = async (cookie: string) =>
      (await overviewAs(cookie)).queues.map((q) => q.queue).sort();
    expect(await seen(payments.cookie)).toEqual(['alerts', 'failedPayouts', 'withdrawals']);
    expect(await seen(support.cookie)).toEqual(['support']);
    expect(await seen(risk.cookie)).toEqual(['approvals', 'flags', 'kyc']);
    expect(await seen(admin.cookie)).toEqual([
      'alerts',
      'approvals',
      'failedPayouts',
      'flags',
      'kyc',
      'support',
      'withdrawals',
    ]);

    const now = await overviewAs(payments.cookie);
    expect(now.queues.find((q) => q.queue === 'withdrawals')!.waiting).toBe(pendingBefore + 1);
    // Every player and withdrawal of this test was made today.
    expect(now.today.newPlayers).toBeGreaterThanOrEqual(1);
    expect(now.today.withdrawalsRequested).toBeGreaterThanOrEqual(1);
    expect((await overviewAs(support.cookie)).today).toEqual(now.today);
  });

  it('is refused without a session or key', async () => {
    const anonymous = await call(overviewRoute, request('GET', '/operator/overview'));
    expect(anonymous.status).toBe(401);
  });
});

describe('the payments queue', () => {
  it('pages oldest first, with the username, KYC level and USD beside each', async () => {
    const made = [await withdrawal('0.1'), await withdrawal('0.2'), await withdrawal('0.3')];
    // Levels count in order: 1 and 2 approved make 2; 1 and 3 without 2 make 1.
    await sql(
      `INSERT INTO kyc_levels (user_id, level, status) VALUES
        ($1, 1, 'approved'), ($1, 2, 'approved'), ($1, 3, 'pending'),
        ($2, 1, 'approved'), ($2, 3, 'approved')`,
      [made[1]!.userId, made[2]!.userId],
    );
    const page = async (offset: number, limit: number) =>
      (
        await call<QueuedWithdrawal[]>(
          queueRoute,
          request('GET', `/operator/withdrawals?status=pending&offset=${offset}&limit=${limit}`, {
            token: OPERATOR,
          }),
        )
      ).data!;
    const all = (await page(0, 200)).filter((w) => made.some((m) => m.id === w.id));
    expect(all.map((w) => w.id)).toEqual(made.map((m) => m.id));
    const [username] = await sql('SELECT username FROM users WHERE id = $1', [made[1]!.userId]);
    expect(all[1]).toMatchObject({
      username: username!.username,
      kycLevel: 2,
      amount: '0.20000000',
      usdIndicative: true,
    });
    expect(all.map((w) => w.kycLevel)).toEqual([0, 2, 1]);
    // USD at the indicative table's ETH price, to the cent.
    const [{ usd } = { usd: '' }] = all;
    expect(Number(usd)).toBeGreaterThan(0);
    expect(Number(all[1]!.usd)).toBeCloseTo(Number(usd) * 2, 1);

    // Pages of one, from where the three begin, are the same rows in the same order.
    const start = (await page(0, 200)).findIndex((w) => w.id === made[0]!.id);
    const paged = [];
    for (let i = 0; i < 3; i += 1) paged.push(...(await page(start + i, 1)));
    expect(paged.map((w) => w.id)).toEqual(made.map((m) => m.id));
  });

  it('is live: the payments team hears a withdrawal requested and approved, other roles do not', async () => {
    const sockets = await startSocketServer(staffByToken);
    const listen = async (cookie: string) => {
      const socket = await connectSocket(sockets.port, undefined, cookie);
      const heard: Array<{ id: string; status: string }> = [];
      socket.on('payments:withdrawal', (e: { id: string; status: string }) => heard.push(e));
      return { socket, heard };
    };
    try {
      const clerk = await listen((await signedInStaff('payments')).cookie);
      const admin = await listen((await signedInStaff('admin')).cookie);
      const agent = await listen((await signedInStaff('support')).cookie);
      const asked = await withdrawal('0.01');
      await until(() => clerk.heard.length === 1 && admin.heard.length === 1);
      expect(clerk.heard).toEqual([{ id: asked.id, status: 'pending' }]);
      await call(withId(approveRoute, asked.id), request('POST', '/x', { token: OPERATOR }));
      await until(() => clerk.heard.length === 2);
      expect(clerk.heard[1]).toEqual({ id: asked.id, status: 'approved' });
      // Let anything misrouted arrive before saying nothing did.
      await new Promise((r) => setTimeout(r, 100));
      expect(agent.heard).toEqual([]);
      for (const s of [clerk, admin, agent]) s.socket.disconnect();
    } finally {
      await sockets.close();
    }
  });

  it('refuses a page over 200 rows, and a role that does not work payments', async () => {
    const tooBig = await call(
      queueRoute,
      request('GET', '/operator/withdrawals?limit=201', { token: OPERATOR }),
    );
    expect([tooBig.status, tooBig.code]).toEqual([400, 'VALIDATION_ERROR']);
    const { cookie } = await signedInStaff('risk');
    expect((await call(queueRoute, asStaff('GET', '/operator/withdrawals', cookie))).status).toBe(
      403,
    );
  });
});

describe('the audit room', () => {
  it('lists who did what, newest first, filtered by action, target, actor and day; admins only', async () => {
    const clerk = await signedInStaff('payments', 'Priya');
    const first = await withdrawal();
    const second = await withdrawal();
    for (const { id } of [first, second]) {
      const approved = await call(
        withId(approveRoute, id),
        asStaff('POST', `/operator/withdrawals/${id}/approve`, clerk.cookie),
      );
      expect(approved.status).toBe(200);
    }
    const admin = await signedInStaff('admin');
    const list = async (query: string, cookie = admin.cookie) =>
      call<AuditEntry[]>(auditRoute, asStaff('GET', `/operator/audit?${query}`, cookie));

    const mine = (await list(`actor=staff:${clerk.id}`)).data!;
    expect(mine.map((e) => [e.action, e.target, e.actorName, e.role])).toEqual([
      ['withdrawal.approve', `withdrawal:${second.id}`, 'Priya', 'payments'],
      ['withdrawal.approve', `withdrawal:${first.id}`, 'Priya', 'payments'],
    ]);
    expect(mine[0]).toMatchObject({ before: { status: 'pending' }, after: { status: 'approved' } });

    const byTarget = (await list(`target=withdrawal:${first.id}`)).data!;
    expect(byTarget.map((e) => e.target)).toEqual([`withdrawal:${first.id}`]);
    expect((await list('action=withdrawal.appr&limit=1')).data).toHaveLength(1);
    // A typed % is a character, not a wildcard.
    expect((await list('action=%25')).data).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`actor=staff:${clerk.id}&from=${today}&to=${today}`)).data).toHaveLength(2);
    expect((await list(`actor=staff:${clerk.id}&to=2020-01-01`)).data).toEqual([]);

    expect((await list('from=yesterday')).status).toBe(400);
    expect((await list('limit=102')).status).toBe(400);
    expect((await list('', clerk.cookie)).status).toBe(403);
  });
});

describe('the staff room', () => {
  const automation = (method: string, path: string, body?: unknown) =>
    request(method, path, { token: OPERATOR, body });
  const disable = (id: string, req = automation('POST', `/operator/staff/${id}/disable`)) =>
    call(withId(disableRoute, id), req);
  const changeRole = (id: string, role: string, req?: Request) =>
    call<{ role: string }>(
      withId(roleRoute, id),
      req ?? automation('PATCH', `/operator/staff/${id}`, { role }),
    );
  const audits = (target: string) =>
    sql(
      `SELECT actor, action, before, after FROM operator_audit WHERE target = $1 ORDER BY created_at`,
      [target],
    );

  it('lists every account with its last sign-in, to admins only', async () => {
    const agent = await signedInStaff('support', 'Lina');
    const admin = await signedInStaff('admin');
    const listed = await call<StaffAccountRow[]>(
      accountsRoute,
      asStaff('GET', '/operator/staff/accounts', admin.cookie),
    );
    const lina = listed.data!.find((a) => a.id === agent.id)!;
    expect(lina).toMatchObject({ name: 'Lina', role: 'support', disabledAt: null });
    expect(Date.parse(lina.lastSignInAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(
      (await call(accountsRoute, asStaff('GET', '/operator/staff/accounts', agent.cookie))).status,
    ).toBe(403);
  });

  it('a new role counts from the next call, audited; a disabled account is signed out at once', async () => {
    const agent = await signedInStaff('support');
    const queue = () =>
      call(queueRoute, asStaff('GET', '/operator/withdrawals', agent.cookie)).then((r) => r.status);
    expect(await queue()).toBe(403);
    expect((await changeRole(agent.id, 'payments')).data).toEqual({
      id: agent.id,
      role: 'payments',
    });
    expect(await queue()).toBe(200);
    expect(await audits(`staff:${agent.id}`)).toEqual([
      {
        actor: 'token:automation',
        action: 'staff.role',
        before: { role: 'support' },
        after: { role: 'payments' },
      },
    ]);
    expect((await changeRole(agent.id, 'owner')).status).toBe(400);

    expect((await disable(agent.id)).status).toBe(200);
    expect(
      (await call(sessionRoute, asStaff('GET', '/operator/session', agent.cookie))).status,
    ).toBe(401);
    expect((await disable(agent.id)).status).toBe(409);
    expect((await changeRole(agent.id, 'support')).status).toBe(409);
    const [row] = await sql(
      'SELECT count(*)::int AS live FROM staff_sessions WHERE staff_id = $1 AND revoked_at IS NULL',
      [agent.id],
    );
    expect(row).toEqual({ live: 0 });
  });

  it('a reset TOTP ends the sessions and only the new secret signs in', async () => {
    const agent = await signedInStaff('risk');
    const reset = await call<{ secret: string; otpauthUrl: string }>(
      withId(totpRoute, agent.id),
      automation('POST', `/operator/staff/${agent.id}/totp`),
    );
    expect(reset.data!.secret).not.toBe(agent.secret);
    expect(reset.data!.otpauthUrl).toContain(reset.data!.secret);
    expect(
      (await call(sessionRoute, asStaff('GET', '/operator/session', agent.cookie))).status,
    ).toBe(401);
    expect((await staffSignIn(agent.email, await generate({ secret: agent.secret }))).code).toBe(
      'INVALID_2FA',
    );
    expect(
      (await staffSignIn(agent.email, await generate({ secret: reset.data!.secret }))).status,
    ).toBe(200);
    expect((await audits(`staff:${agent.id}`)).map((a) => a.action)).toEqual(['staff.totp-reset']);
  });

  it('never disables or demotes the last active admin, even when two admins act at once', async () => {
    // Down to one admin: every other one made by this file's tests is disabled.
    const admins = await sql(`SELECT id FROM staff WHERE role = 'admin' AND disabled_at IS NULL`);
    const [last, ...others] = admins.map((a) => String(a.id));
    for (const id of others) expect((await disable(id)).status).toBe(200);
    const refusedDemotion = await changeRole(last!, 'support');
    expect([refusedDemotion.status, refusedDemotion.code]).toEqual([409, 'LAST_ADMIN']);
    expect(refusedDemotion.error?.message).toBe(
      'The last active admin cannot be disabled or given another role. Make another admin first.',
    );
    expect((await disable(last!)).code).toBe('LAST_ADMIN');

    // Two admins, both disabled at once: one stands (on PostgreSQL too: test/server/postgres.test.ts).
    const second = await signedInStaff('admin');
    const first = await signedInStaff('admin');
    await disable(last!);
    const both = await Promise.all([disable(second.id), disable(first.id)]);
    expect(both.map((b) => b.status).sort()).toEqual([200, 409]);
    const [{ n: active } = { n: -1 }] = await sql(
      `SELECT count(*)::int AS n FROM staff WHERE role = 'admin' AND disabled_at IS NULL`,
    );
    expect(active).toBe(1);
  });
});

describe('alerts a person resolves', () => {
  it('payments closes an open alert with a note, once, audited; the problem again raises a new one', async () => {
    const { raiseAlert } = await import('@/lib/server/operator/alerts');
    const { POST: resolveRoute } = await import('@/app/api/v1/operator/alerts/[id]/resolve/route');
    const { GET: alertsRoute } = await import('@/app/api/v1/operator/alerts/route');
    const payments = await signedInStaff('payments');
    const support = await signedInStaff('support');
    await raiseAlert('payout.fee_cap', 'withdrawal:resolve-test', 'fees past the cap');
    const open = async () =>
      (
        await call<Array<{ id: string; target: string }>>(
          alertsRoute,
          asStaff('GET', '/operator/alerts', payments.cookie),
        )
      ).data!.filter((a) => a.target === 'withdrawal:resolve-test');
    const [alert] = await open();
    const resolve = (
      cookie: string,
      id = alert!.id,
      reason = 'paid by hand from the cold wallet',
    ) =>
      call(
        withId(resolveRoute, id),
        asStaff('POST', `/operator/alerts/${id}/resolve`, cookie, { reason }),
      );
    expect((await resolve(support.cookie)).status).toBe(403);
    expect((await resolve(payments.cookie, alert!.id, 'x')).status).toBe(400);
    expect((await resolve(payments.cookie)).status).toBe(200);
    expect((await resolve(payments.cookie)).status).toBe(409);
    expect((await resolve(payments.cookie, '00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
    expect(await open()).toEqual([]);
    expect(
      await sql(`SELECT actor, after FROM operator_audit WHERE action = 'alert.resolve'`),
    ).toEqual([
      {
        actor: `staff:${payments.id}`,
        after: { alert: alert!.id, note: 'paid by hand from the cold wallet' },
      },
    ]);
    await raiseAlert('payout.fee_cap', 'withdrawal:resolve-test', 'fees past the cap again');
    expect(await open()).toHaveLength(1);
  });
});
