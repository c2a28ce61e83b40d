/**
 * The payments team's calls on a withdrawal (lib/server/operator/withdrawals.ts), without a chain:
 * what each writes to the audit trail, which alerts it closes, what the player hears, and the
 * conflicts that keep a payout under way from being released or retried twice.
 */
import { POST as approve } from '@/app/api/v1/operator/withdrawals/[id]/approve/route';
import { POST as reject } from '@/app/api/v1/operator/withdrawals/[id]/reject/route';
import { POST as release } from '@/app/api/v1/operator/withdrawals/[id]/release/route';
import { POST as retry } from '@/app/api/v1/operator/withdrawals/[id]/retry/route';
import { GET as queue } from '@/app/api/v1/operator/withdrawals/route';
import { config } from '@/lib/config';
import { getDbHandle } from '@/lib/server/db';
import { raiseAlert } from '@/lib/server/operator/alerts';
import { call, request, withId } from './helpers/api';
import { hotWalletOnEthereum, payoutsConfigured, requestedWithdrawal } from './helpers/wallet';

const mutable = config as Record<string, unknown>;
const OPERATOR = 'operator-token-for-the-operator-withdrawals-test';
const auth = { token: OPERATOR };
const ADDRESS = '0x000000000000000000000000000000000000dEaD';
payoutsConfigured(OPERATOR);

async function rows(text: string, params: unknown[] = []) {
  return (await (await getDbHandle()).sql(text, params)).rows;
}

let n = 0;
/** A player funded with 1 ETH who asks to withdraw 0.25 (fee 0.0008): pending. */
async function pending() {
  const { userId, id } = await requestedWithdrawal({
    email: `ops${(n += 1)}@example.com`,
    currency: 'ETH',
    network: 'ethereum',
    funded: BigInt(100_000_000),
    amount: '0.25',
    to: ADDRESS,
  });
  return { userId, id };
}
async function approved() {
  const w = await pending();
  const answer = await call(withId(approve, w.id), request('POST', '/x', auth));
  expect(answer.data).toEqual({ id: w.id, status: 'approved' });
  return w;
}
const post = (handler: typeof reject, id: string, reason = 'Address on a sanctions list') =>
  call<{ id: string; status: string; release?: string }>(
    withId(handler, id),
    request('POST', '/x', { ...auth, body: { reason } }),
  );
const audits = (id: string) =>
  rows(
    `SELECT action, before, after FROM operator_audit WHERE target = $1 ORDER BY created_at, id`,
    [`withdrawal:${id}`],
  );
const withdrawal = async (id: string) =>
  (
    await rows(
      `SELECT status, reason, release_requested_at IS NOT NULL AS asked FROM withdrawals WHERE id = $1`,
      [id],
    )
  )[0];
async function balances(userId: string) {
  const found = await rows(
    `SELECT kind, balance::text AS b FROM ledger_accounts WHERE owner = $1 AND currency = 'ETH'`,
    [`player:${userId}`],
  );
  return Object.fromEntries(found.map((r) => [r.kind, r.b]));
}
const openAlerts = async (id: string) =>
  (
    await rows(
      `SELECT kind FROM operator_alerts WHERE target = $1 AND resolved_at IS NULL ORDER BY kind`,
      [`withdrawal:${id}`],
    )
  ).map((r) => r.kind);
const notices = (userId: string) =>
  rows(`SELECT title, message FROM notices WHERE user_id = $1 ORDER BY created_at`, [userId]);
const FULL = { available: '100000000', held: '0' };
const HELD = { available: '74920000', held: '25080000' };

/** A payout attempt on chain, live, for a network no node is configured for here. */
async function liveAttempt(withdrawalId: string) {
  await rows(
    `INSERT INTO payouts (withdrawal_id, attempt, network, chain_id, signer, nonce)
     VALUES ($1, 1, 'bsc', 56, '0x1111111111111111111111111111111111111111', $2)`,
    [withdrawalId, n],
  );
}
async function custodianRequest(withdrawalId: string, status: string, unfound = 0) {
  await rows(
    `INSERT INTO custodian_payouts (withdrawal_id, attempt, provider, external_id, status, requested_at, unfound_passes)
     VALUES ($1, 1, 'nowpayments', $2, $3, now(), $4)`,
    [withdrawalId, `${withdrawalId}:1`, status, unfound],
  );
}

describe('the withdrawals queue and approval', () => {
  it('lists a status oldest first, in decimal amounts, and approves each once with an audit row', async () => {
    const a = await pending();
    const b = await pending();
    const listed = await call<Array<Record<string, unknown>>>(
      queue,
      request('GET', '/operator/withdrawals?status=pending', auth),
    );
    const mine = listed.data!.filter((w) => w.id === a.id || w.id === b.id);
    expect(mine).toEqual([
      expect.objectContaining({
        id: a.id,
        userId: a.userId,
        currency: 'ETH',
        network: 'ethereum',
        address: ADDRESS,
        amount: '0.25000000',
        fee: '0.00080000',
        status: 'pending',
      }),
      expect.objectContaining({ id: b.id, status: 'pending' }),
    ]);
    expect(await call(withId(approve, a.id), request('POST', '/x', auth))).toMatchObject({
      status: 200,
      data: { id: a.id, status: 'approved' },
    });
    const again = await call(withId(approve, a.id), request('POST', '/x', auth));
    expect([again.status, again.code, again.error?.message]).toEqual([
      409,
      'CONFLICT',
      'This conflicts with the current state. Please refresh and try again. (status)',
    ]);
    expect(await audits(a.id)).toEqual([
      {
        action: 'withdrawal.approve',
        before: { status: 'pending' },
        after: { status: 'approved' },
      },
    ]);
    const approvedNow = await call<Array<{ id: string }>>(
      queue,
      request('GET', '/operator/withdrawals?status=approved', auth),
    );
    expect(approvedNow.data!.map((w) => w.id)).toContain(a.id);
    expect(approvedNow.data!.map((w) => w.id)).not.toContain(b.id);
  });

  it('an approval nothing can pay any more raises payout.unpayable at once', async () => {
    const { id } = await pending();
    const stop = hotWalletOnEthereum();
    mutable.WITHDRAWAL_SIGNER_KEY = undefined;
    try {
      await call(withId(approve, id), request('POST', '/x', auth));
    } finally {
      stop();
    }
    expect(await openAlerts(id)).toEqual(['payout.unpayable']);
  });
});

describe('rejecting and releasing', () => {
  it('a pending withdrawal rejected: the hold is back, audited with the reason, the player told', async () => {
    const { id, userId } = await pending();
    expect(await balances(userId)).toEqual(HELD);
    expect((await post(reject, id)).data).toEqual({ id, status: 'rejected' });
    expect(await balances(userId)).toEqual(FULL);
    expect(await withdrawal(id)).toEqual({
      status: 'rejected',
      reason: 'Address on a sanctions list',
      asked: false,
    });
    expect(await audits(id)).toEqual([
      {
        action: 'withdrawal.reject',
        before: { status: 'pending' },
        after: { status: 'rejected', reason: 'Address on a sanctions list' },
      },
    ]);
    expect(await notices(userId)).toContainEqual({
      title: 'Withdrawal declined',
      message: '0.2508 ETH is back in your balance.',
    });
    expect((await post(reject, id)).status).toBe(409);
  });

  it('an approved withdrawal with nothing on chain is released at once and its alerts closed', async () => {
    const { id, userId } = await approved();
    for (const kind of ['payout.short', 'payout.unpayable', 'payout.verify', 'payout.nonce']) {
      await raiseAlert(kind, `withdrawal:${id}`, 'open');
    }
    const answer = await post(release, id, 'Player asked to cancel');
    expect(answer.data).toEqual({ id, status: 'rejected', release: 'done' });
    expect(await balances(userId)).toEqual(FULL);
    expect(await openAlerts(id)).toEqual([]);
    expect((await audits(id)).at(-1)).toEqual({
      action: 'withdrawal.release',
      before: { status: 'approved' },
      after: { status: 'rejected', reason: 'Player asked to cancel' },
    });
    expect(await notices(userId)).toContainEqual({
      title: 'Withdrawal declined',
      message: '0.2508 ETH is back in your balance.',
    });
  });

  it('an approved withdrawal with a payout on chain: the release is asked for, the hold stays', async () => {
    const { id, userId } = await approved();
    await liveAttempt(id);
    const answer = await post(reject, id);
    expect(answer.data).toEqual({ id, status: 'approved', release: 'cancelling' });
    expect(await withdrawal(id)).toEqual({
      status: 'approved',
      reason: 'Address on a sanctions list',
      asked: true,
    });
    expect(await balances(userId)).toEqual(HELD);
    expect((await audits(id)).at(-1)).toEqual({
      action: 'withdrawal.reject',
      before: { status: 'approved' },
      after: { status: 'approved', release: 'cancelling', reason: 'Address on a sanctions list' },
    });
    // Asked once: a second call while the cancel is under way changes nothing.
    const twice = await post(release, id, 'again');
    expect([twice.status, twice.error?.message]).toEqual([
      409,
      'This conflicts with the current state. Please refresh and try again. (cancelling)',
    ]);
    expect((await withdrawal(id))?.reason).toBe('Address on a sanctions list');
    expect(await audits(id)).toHaveLength(2);
  });

  it("a custodian's payout under way cannot be called back", async () => {
    const { id, userId } = await approved();
    await custodianRequest(id, 'created');
    const answer = await post(release, id);
    expect([answer.status, answer.error?.message]).toEqual([
      409,
      'This conflicts with the current state. Please refresh and try again. (custodian payout under way)',
    ]);
    expect(await withdrawal(id)).toEqual({ status: 'approved', reason: null, asked: false });
    expect(await balances(userId)).toEqual(HELD);
  });

  it('a failed payout released: rejected, hold back, payout.failed closed', async () => {
    const { id, userId } = await approved();
    await rows(`UPDATE withdrawals SET status = 'failed', reason = 'reverted' WHERE id = $1`, [id]);
    await raiseAlert('payout.failed', `withdrawal:${id}`, 'Payout reverted');
    expect((await post(release, id, 'Gave up')).data).toEqual({ id, status: 'rejected' });
    expect(await balances(userId)).toEqual(FULL);
    expect(await openAlerts(id)).toEqual([]);
    expect((await audits(id)).at(-1)).toEqual({
      action: 'withdrawal.release',
      before: { status: 'failed' },
      after: { status: 'rejected', reason: 'Gave up' },
    });
  });
});

describe('retrying', () => {
  it('a failed payout retried: approved again, its reason cleared, its alerts closed, audited', async () => {
    const { id } = await approved();
    await rows(`UPDATE withdrawals SET status = 'failed', reason = 'reverted' WHERE id = $1`, [id]);
    for (const kind of ['payout.failed', 'payout.nonce', 'payout.lost']) {
      await raiseAlert(kind, `withdrawal:${id}`, 'open');
    }
    const answer = await call(withId(retry, id), request('POST', '/x', auth));
    expect(answer.data).toEqual({ id, status: 'approved' });
    expect(await withdrawal(id)).toEqual({ status: 'approved', reason: null, asked: false });
    expect(await openAlerts(id)).toEqual([]);
    expect((await audits(id)).at(-1)).toEqual({
      action: 'withdrawal.retry',
      before: { status: 'failed' },
      after: { status: 'approved' },
    });
    const twice = await call(withId(retry, id), request('POST', '/x', auth));
    expect([twice.status, twice.error?.message]).toEqual([
      409,
      'This conflicts with the current state. Please refresh and try again. (status)',
    ]);
  });

  it('a custodian request lost past CUSTODIAN_LOST_PASSES is ended by a retry; one still looked for is not', async () => {
    const { id: lost } = await approved();
    await custodianRequest(lost, 'requesting', config.CUSTODIAN_LOST_PASSES);
    const { id: sought } = await approved();
    await custodianRequest(sought, 'requesting', config.CUSTODIAN_LOST_PASSES - 1);

    const refused = await call(withId(retry, sought), request('POST', '/x', auth));
    expect([refused.status, refused.code]).toEqual([409, 'CONFLICT']);

    expect((await call(withId(retry, lost), request('POST', '/x', auth))).data).toEqual({
      id: lost,
      status: 'approved',
    });
    const [ended] = await rows(
      `SELECT status, error FROM custodian_payouts WHERE withdrawal_id = $1`,
      [lost],
    );
    expect(ended).toEqual({
      status: 'failed',
      error: `not found at the custodian after ${config.CUSTODIAN_LOST_PASSES} passes`,
    });
    expect((await audits(lost)).at(-1)).toEqual({
      action: 'withdrawal.retry',
      before: {
        status: 'approved',
        attempt: `not found at the custodian after ${config.CUSTODIAN_LOST_PASSES} passes`,
      },
      after: { status: 'approved' },
    });
  });

  it('a lost custodian request released: ended failed, the hold back at once', async () => {
    const { id, userId } = await approved();
    await custodianRequest(id, 'requesting', config.CUSTODIAN_LOST_PASSES + 2);
    await raiseAlert('payout.lost', `withdrawal:${id}`, 'lost');
    const answer = await post(release, id, 'Lost at the provider');
    expect(answer.data).toEqual({ id, status: 'rejected', release: 'done' });
    expect(await balances(userId)).toEqual(FULL);
    expect(await openAlerts(id)).toEqual([]);
    expect((await audits(id)).at(-1)).toEqual({
      action: 'withdrawal.release',
      before: {
        status: 'approved',
        attempt: `not found at the custodian after ${config.CUSTODIAN_LOST_PASSES + 2} passes`,
      },
      after: { status: 'rejected', reason: 'Lost at the provider' },
    });
  });
});
