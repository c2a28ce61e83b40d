/**
 * Four-eyes approvals (issue 36): a manual adjustment past ADJUSTMENT_FOUR_EYES_USD in 24 hours, or
 * while the rates are the indicative table, waits for a different staff member.
 */
import { POST as adjustRoute } from '@/app/api/v1/operator/adjustments/route';
import { POST as approveRoute } from '@/app/api/v1/operator/approvals/[id]/approve/route';
import { POST as refuseRoute } from '@/app/api/v1/operator/approvals/[id]/refuse/route';
import { GET as approvalsRoute } from '@/app/api/v1/operator/approvals/route';
import { GET as overviewRoute } from '@/app/api/v1/operator/overview/route';
import { config } from '@/lib/config';
import type { Overview } from '@/lib/schemas/operator';
import type { Approval } from '@/lib/schemas/risk';
import { closeDb, getDbHandle } from '@/lib/server/db';
import { clearRatesCache } from '@/lib/server/wallet/rates';
import { createPlayer } from '@/lib/server/players/store';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { call, request, withId } from './helpers/api';
import { livePrices } from './helpers/rates';
import { asStaff, signedInStaff } from './helpers/staff';

const mutable = config as Record<string, unknown>;
const TOKEN = 'operator-token-for-the-four-eyes-test';
// USDT at 1 USD: amounts read as dollars.
livePrices({ USDT: 1, BTC: 100_000 });
beforeAll(() => {
  mutable.OPERATOR_TOKEN = TOKEN;
  mutable.ADJUSTMENT_FOUR_EYES_USD = 1000;
});
afterAll(async () => {
  mutable.OPERATOR_TOKEN = undefined;
  await closeDb();
});

type Adjusted = {
  status: string;
  approvalId?: string;
  transactionId?: string;
  available?: string;
  replayed: boolean;
};

const sql = async (text: string, params: unknown[] = []) =>
  (await (await getDbHandle()).sql(text, params)).rows;

let n = 0;
const player = async () =>
  (await createPlayer({ email: `four-eyes${(n += 1)}@example.com`, status: 'active' })).id;

const adjustment = (userId: string, amount: string, key = `adj-${userId}-${amount}-${n}`) => ({
  userId,
  currency: 'USDT',
  amount,
  reason: 'goodwill credit',
  idempotencyKey: key,
});
const adjustAs = (cookie: string, body: unknown) =>
  call<Adjusted>(adjustRoute, asStaff('POST', '/operator/adjustments', cookie, body));
const adjustByKey = (body: unknown) =>
  call<Adjusted>(adjustRoute, request('POST', '/operator/adjustments', { body, token: TOKEN }));
const decide = (cookie: string | null, id: string, action: 'approve' | 'refuse', note?: string) => {
  const path = `/operator/approvals/${id}/${action}`;
  const body = note === undefined ? {} : { note };
  return call<Approval>(
    withId(action === 'approve' ? approveRoute : refuseRoute, id),
    cookie ? asStaff('POST', path, cookie, body) : request('POST', path, { body, token: TOKEN }),
  );
};
const available = async (userId: string) =>
  (
    await sql(
      `SELECT balance::text AS b FROM ledger_accounts WHERE owner = $1 AND currency = 'USDT' AND kind = 'available'`,
      [`player:${userId}`],
    )
  )[0]?.b ?? '0';

/** Why a request waits, as its audit row records it. */
const whyWaiting = async (approvalId: string) =>
  (
    await sql(
      `SELECT after->>'why' AS why FROM operator_audit WHERE action = 'approval.request' AND target = $1`,
      [`approval:${approvalId}`],
    )
  )[0]?.why;

describe('four-eyes on manual adjustments', () => {
  it('posts under the threshold, and a split that passes it waits: the 24 h total counts', async () => {
    const payments = await signedInStaff('payments');
    const userId = await player();
    const first = await adjustAs(payments.cookie, adjustment(userId, '400'));
    expect(first.data).toMatchObject({ status: 'posted', available: '400.000000' });
    // Debits count by their size too.
    const second = await adjustAs(payments.cookie, adjustment(userId, '-300'));
    expect(second.data).toMatchObject({ status: 'posted', available: '100.000000' });
    const third = await adjustAs(payments.cookie, adjustment(userId, '301'));
    expect(third.data).toMatchObject({ status: 'pending', replayed: false });
    expect(third.data!.approvalId).toEqual(expect.any(String));
    expect(await available(userId)).toBe('100000000');
    // The same request again answers the same approval; the key with other content is refused.
    const again = await adjustAs(payments.cookie, adjustment(userId, '301'));
    expect(again.data).toMatchObject({ status: 'pending', approvalId: third.data!.approvalId });
    const reused = await adjustAs(payments.cookie, {
      ...adjustment(userId, '999'),
      idempotencyKey: adjustment(userId, '301').idempotencyKey,
    });
    expect(reused).toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    const [row] = await sql(
      `SELECT status, usd::text AS usd, requested_by FROM approvals WHERE id = $1`,
      [third.data!.approvalId],
    );
    expect(row).toEqual({ status: 'pending', usd: '301.00', requested_by: `staff:${payments.id}` });
  });

  it('two halves landing at once cannot both pass the threshold', async () => {
    const payments = await signedInStaff('payments');
    const userId = await player();
    const answers = await Promise.all(
      ['600', '600', '600'].map((amount, i) =>
        adjustAs(payments.cookie, adjustment(userId, amount, `race-${userId}-${i}`)),
      ),
    );
    expect(answers.map((a) => a.data!.status).sort()).toEqual(['pending', 'pending', 'posted']);
    expect(await available(userId)).toBe('600000000');
  });

  it('a request waiting for approval is never also posted by a retry that finds the rates live', async () => {
    const { adjustBalance } = await import('@/lib/server/operator/adjustments');
    const { NeedsApproval } = await import('@/lib/server/operator/four-eyes');
    const userId = await player();
    const body = adjustment(userId, '5', `retry-${userId}`);
    // The approval a first try (indicative rates) opened a moment ago.
    await sql(
      `INSERT INTO approvals (kind, target, user_id, payload, key, requested_by, requested_role, approver_roles)
       VALUES ('balance.adjust', $1, $2, $3, $4, 'token:automation', 'admin', '{admin,risk}')`,
      [`player:${userId}`, userId, JSON.stringify(body), body.idempotencyKey],
    );
    await expect(
      adjustBalance({ id: 'token:automation', role: 'admin' }, body),
    ).rejects.toBeInstanceOf(NeedsApproval);
    expect(await available(userId)).toBe('0');
    expect((await adjustByKey(body)).data).toMatchObject({ status: 'pending' });
  });

  it('counts the 24 h in USD at each currency’s price: exactly the threshold posts, a cent past it waits', async () => {
    const payments = await signedInStaff('payments');
    const userId = await player();
    // 0.005 BTC at 100,000 USD is 500 USD; with 500 USDT the day reaches 1000 exactly.
    const btc = await adjustAs(payments.cookie, {
      ...adjustment(userId, '0.005'),
      currency: 'BTC',
    });
    expect(btc.data).toMatchObject({ status: 'posted' });
    const usdt = await adjustAs(payments.cookie, adjustment(userId, '500'));
    expect(usdt.data).toMatchObject({ status: 'posted' });
    const past = await adjustAs(payments.cookie, adjustment(userId, '0.01'));
    expect(past.data).toMatchObject({ status: 'pending' });
    expect(await whyWaiting(past.data!.approvalId!)).toBe('threshold');
  });

  it('a currency with no price waits, and so does any adjustment while the day holds one', async () => {
    const payments = await signedInStaff('payments');
    const risk = await signedInStaff('risk');
    const userId = await player();
    // No live price for ETH (the price source here knows USDT and BTC only).
    const eth = await adjustAs(payments.cookie, { ...adjustment(userId, '0.1'), currency: 'ETH' });
    expect(eth.data).toMatchObject({ status: 'pending' });
    expect(await whyWaiting(eth.data!.approvalId!)).toBe('unpriced');
    expect(await decide(risk.cookie, eth.data!.approvalId!, 'approve')).toMatchObject({
      status: 200,
    });
    // The day's ETH cannot be counted in USD: a one-dollar adjustment waits too.
    const small = await adjustAs(payments.cookie, adjustment(userId, '1'));
    expect(small.data).toMatchObject({ status: 'pending' });
    expect(await whyWaiting(small.data!.approvalId!)).toBe('unpriced');
  });

  it('waits whatever the amount while the rates are the indicative table', async () => {
    const userId = await player();
    const saved = mutable.RATES_URL;
    mutable.RATES_URL = undefined;
    clearRatesCache();
    try {
      const small = await adjustByKey(adjustment(userId, '1'));
      expect(small.data).toMatchObject({ status: 'pending' });
      expect(await whyWaiting(small.data!.approvalId!)).toBe('indicative');
    } finally {
      mutable.RATES_URL = saved;
      clearRatesCache();
    }
    expect(await available(userId)).toBe('0');
  });

  it('only a different staff member of an approver role approves, once; it runs as asked', async () => {
    const admin = await signedInStaff('admin');
    const risk = await signedInStaff('risk');
    const otherRisk = await signedInStaff('risk');
    const support = await signedInStaff('support');
    const payments = await signedInStaff('payments');
    const userId = await player();
    const asked = await adjustAs(admin.cookie, adjustment(userId, '5000'));
    const id = asked.data!.approvalId!;

    // Its requester (an approver role), the automation key: never.
    expect(await decide(admin.cookie, id, 'approve')).toMatchObject({
      status: 403,
      code: 'FOUR_EYES',
    });
    expect(await decide(null, id, 'approve')).toMatchObject({ status: 403, code: 'FOUR_EYES' });
    // Roles that do not approve adjustments.
    expect(await decide(support.cookie, id, 'approve')).toMatchObject({ status: 403 });
    expect(await decide(payments.cookie, id, 'approve')).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(await available(userId)).toBe('0');

    // Two approvers at once: one posting.
    const [a, b] = await Promise.all([
      decide(risk.cookie, id, 'approve', 'checked the ticket'),
      decide(otherRisk.cookie, id, 'approve'),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const won = a.status === 200 ? a : b;
    expect(won.data).toMatchObject({
      status: 'approved',
      decidedBy: expect.stringMatching(/^staff:/),
    });
    expect(await available(userId)).toBe('5000000000');
    expect(await checkLedger()).toEqual([]);

    // The requester's repeat now answers the posting.
    const replay = await adjustAs(admin.cookie, adjustment(userId, '5000'));
    expect(replay.data).toMatchObject({
      status: 'posted',
      transactionId: won.data!.result!.transactionId,
    });
    const audit = await sql(
      `SELECT actor, action, after FROM operator_audit WHERE action IN ('approval.request', 'balance.adjust') AND (target = $1 OR target = $2) ORDER BY created_at`,
      [`approval:${id}`, `player:${userId}`],
    );
    expect(audit).toMatchObject([
      { actor: `staff:${admin.id}`, action: 'approval.request' },
      {
        actor: won === a ? `staff:${risk.id}` : `staff:${otherRisk.id}`,
        action: 'balance.adjust',
        after: { approvalId: id, requestedBy: `staff:${admin.id}`, amount: '5000' },
      },
    ]);
    // Nobody can mark a decision by its requester, even in SQL.
    await expect(
      sql(`UPDATE approvals SET decided_by = requested_by, status = 'approved' WHERE id = $1`, [
        id,
      ]),
    ).rejects.toThrow(/approvals_four_eyes/);
  });

  it('a refusal moves nothing and ends the request; its requester may withdraw their own', async () => {
    const payments = await signedInStaff('payments');
    const admin = await signedInStaff('admin');
    const userId = await player();
    const one = (await adjustAs(payments.cookie, adjustment(userId, '2000'))).data!.approvalId!;
    const two = (await adjustAs(payments.cookie, adjustment(userId, '3000'))).data!.approvalId!;

    // Not the automation key, nor another payments member (not an approver of adjustments).
    expect(await decide(null, one, 'refuse', 'not by the key')).toMatchObject({
      status: 403,
      code: 'FOUR_EYES',
    });
    const colleague = await signedInStaff('payments');
    expect(await decide(colleague.cookie, one, 'refuse', 'not my call')).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect((await decide(admin.cookie, one, 'refuse', 'x')).status).toBe(400);
    const refused = await decide(admin.cookie, one, 'refuse', 'no ticket for this');
    expect(refused.data).toMatchObject({
      status: 'refused',
      note: 'no ticket for this',
      decidedBy: `staff:${admin.id}`,
      decidedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(await decide(admin.cookie, one, 'approve')).toMatchObject({ status: 409 });
    const withdrawn = await decide(payments.cookie, two, 'refuse', 'typed the wrong amount');
    expect(withdrawn.data).toMatchObject({ status: 'cancelled' });
    expect(await available(userId)).toBe('0');
    const replay = await adjustAs(payments.cookie, adjustment(userId, '2000'));
    expect(replay.data).toMatchObject({ status: 'refused' });
    // Each end is audited with what it changed.
    const trail = await sql(
      `SELECT action, before, after FROM operator_audit
        WHERE target IN ($1, $2) AND action IN ('approval.refuse', 'approval.cancel')
        ORDER BY created_at`,
      [`approval:${one}`, `approval:${two}`],
    );
    expect(trail).toEqual([
      {
        action: 'approval.refuse',
        before: { status: 'pending' },
        after: { status: 'refused', note: 'no ticket for this' },
      },
      {
        action: 'approval.cancel',
        before: { status: 'pending' },
        after: { status: 'cancelled', note: 'typed the wrong amount' },
      },
    ]);
    // Listed by status; without one, newest first.
    const listed = async (query: string) =>
      (
        await call<Approval[]>(
          approvalsRoute,
          asStaff('GET', `/operator/approvals?${query}userId=${userId}`, admin.cookie),
        )
      ).data!.map((a) => a.id);
    expect(await listed('status=refused&')).toEqual([one]);
    expect(await listed('status=cancelled&')).toEqual([two]);
    expect(await listed('')).toEqual([two, one]);
  });

  it('lists requests for approvers and payments, counts them on the overview, refuses support', async () => {
    const payments = await signedInStaff('payments');
    const risk = await signedInStaff('risk');
    const support = await signedInStaff('support');
    const userId = await player();
    const id = (await adjustAs(payments.cookie, adjustment(userId, '7000'))).data!.approvalId!;
    const list = await call<Approval[]>(
      approvalsRoute,
      asStaff('GET', `/operator/approvals?status=pending&userId=${userId}`, risk.cookie),
    );
    expect(list.data).toEqual([
      expect.objectContaining({
        id,
        username: expect.any(String),
        requestedByName: payments.name,
        approverRoles: ['admin', 'risk'],
        usd: '7000.00',
      }),
    ]);
    expect(
      (await call(approvalsRoute, asStaff('GET', '/operator/approvals', support.cookie))).status,
    ).toBe(403);
    const overview = await call<Overview>(
      overviewRoute,
      asStaff('GET', '/operator/overview', risk.cookie),
    );
    expect(overview.data!.queues.find((q) => q.queue === 'approvals')!.waiting).toBeGreaterThan(0);
  });
});
