/**
 * Payouts through the custodian (NOWPayments' payout API) against a local server playing it: an
 * approved BTC withdrawal is requested once under our external id, verified with a fresh 2FA code,
 * and booked paid once on the custodian's word — also when the request's answer is lost.
 */
import { GET as alerts } from '@/app/api/v1/operator/alerts/route';
import { POST as retry } from '@/app/api/v1/operator/withdrawals/[id]/retry/route';
import { POST as webhookRoute } from '@/app/api/v1/wallet/webhooks/[provider]/route';
import { config } from '@/lib/config';
import { closeDb, getDbHandle } from '@/lib/server/db';
import { drainJobs } from '@/lib/server/jobs';
import { custodian } from '@/lib/server/wallet/custodian';
import { nowPaymentsSignature } from '@/lib/server/wallet/custodian/nowpayments';
import {
  runCustodianPayouts,
  scheduleCustodianPayouts,
} from '@/lib/server/wallet/custodian/payouts';
import { checkChains } from '@/lib/server/wallet/chain-check';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { call, request, withId } from './helpers/api';
import { startNowPayments } from '../fixtures/nowpayments';
import { approvedWithdrawal } from './helpers/wallet';

const mutable = config as Record<string, unknown>;
const OPERATOR = 'operator-token-for-the-tests-0123456789';
const SECRET = 'ipn-secret-of-the-tests';
const RECIPIENT = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
let provider: Awaited<ReturnType<typeof startNowPayments>>;

beforeAll(async () => {
  provider = await startNowPayments({
    apiKey: 'nowpayments-key-of-the-tests',
    email: 'ops@example.com',
    password: 'payout-password',
    twoFactorSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  });
  Object.assign(mutable, {
    CUSTODIAN: 'nowpayments',
    NOWPAYMENTS_API_KEY: 'nowpayments-key-of-the-tests',
    NOWPAYMENTS_IPN_SECRET: SECRET,
    NOWPAYMENTS_API_URL: provider.url,
    NOWPAYMENTS_EMAIL: 'ops@example.com',
    NOWPAYMENTS_PASSWORD: 'payout-password',
    NOWPAYMENTS_2FA_SECRET: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    OPERATOR_TOKEN: OPERATOR,
  });
  provider.balances.btc = 1;
});

afterAll(async () => {
  mutable.CUSTODIAN = undefined;
  await provider.close();
  await closeDb();
});

/**
 * One pass of the test's own, after any pass the job queue had started (an approval queues one):
 * on PostgreSQL the two would otherwise overlap and the test would read the job's half-done work.
 */
const pay = async () => {
  await drainJobs();
  const more = await runCustodianPayouts(custodian()!);
  await drainJobs();
  return more;
};

let n = 0;
/** A player holding 0.01 BTC with an approved withdrawal of `amount` to `to`. */
function approved(amount = '0.005', to = RECIPIENT) {
  return approvedWithdrawal({
    email: `cpay${(n += 1)}@example.com`,
    currency: 'BTC',
    network: 'bitcoin',
    funded: BigInt(1_000_000),
    amount,
    to,
    operatorToken: OPERATOR,
  });
}

async function rows(text: string, params: unknown[]) {
  return (await (await getDbHandle()).sql(text, params)).rows;
}
const statusOf = async (id: string) =>
  (await rows('SELECT status FROM withdrawals WHERE id = $1', [id]))[0]?.status;
const held = async (userId: string) =>
  String(
    (
      await rows(
        `SELECT balance::text AS b FROM ledger_accounts WHERE owner = $1 AND currency = 'BTC' AND kind = 'held'`,
        [`player:${userId}`],
      )
    )[0]?.b,
  );
const itemFor = (id: string) =>
  [...provider.payouts.values()].filter((p) => p.unique_external_id.startsWith(`${id}:`));

type Alert = { kind: string; target: string; message: string; details: unknown };
async function alertsOf(kind: string) {
  const answer = await call<Alert[]>(
    alerts,
    request('GET', '/operator/alerts', { token: OPERATOR }),
  );
  return answer.data!.filter((a) => a.kind === kind);
}
const openAlerts = async (kind: string) => (await alertsOf(kind)).map((a) => a.target);
/** The open alert of `kind` about withdrawal `id`: what the operator reads. */
const alertAbout = async (kind: string, id: string) =>
  (await alertsOf(kind)).find((a) => a.target === `withdrawal:${id}`);

/** The custodian's payout loop as the job queue holds it: waiting, and whether for later. */
const loop = () =>
  rows(
    `SELECT state, singleton_key AS key, start_after > now() AS later FROM pgboss.job
      WHERE name = 'wallet.custodian-payout' AND state IN ('created', 'retry', 'active')`,
    [],
  );
/** Its pause cut short: the next pass runs now. */
const loopNow = async () => {
  await rows(
    `UPDATE pgboss.job SET start_after = now() WHERE name = 'wallet.custodian-payout' AND state = 'created'`,
    [],
  );
  await drainJobs();
};

describe('custodian payouts (NOWPayments)', () => {
  // First: it reads the loop's own jobs, which only this test leaves work for.
  it('the payout loop passes again while a payout is in flight and stops once nothing is left', async () => {
    // The approval started the loop; its pass asked for the payout, with no pass of the test's.
    const { id } = await approved();
    await drainJobs();
    const [item, ...more] = itemFor(id);
    expect(more).toEqual([]);
    expect(item!.verified).toBe(true);
    // In flight: the loop comes back after its pause, one job for the custodian.
    expect(await loop()).toEqual([{ state: 'created', key: 'nowpayments', later: true }]);
    Object.assign(item!, { status: 'FINISHED', hash: 'beef' });
    await loopNow();
    expect(await statusOf(id)).toBe('paid');
    // Nothing left: the loop stops until the next approval starts it.
    expect(await loop()).toEqual([]);
  });

  it('a pass that fails is tried again after the pause, and the payout still goes once', async () => {
    provider.state.dropNextPayoutAnswer = true;
    // The approval's pass loses the custodian's answer and fails.
    const { id } = await approved();
    await drainJobs();
    expect(await loop()).toEqual([{ state: 'created', key: 'nowpayments', later: true }]);
    await loopNow();
    const [item, ...more] = itemFor(id);
    expect(more).toEqual([]);
    Object.assign(item!, { status: 'FINISHED', hash: 'cafe' });
    await loopNow();
    expect(await statusOf(id)).toBe('paid');
    expect(await loop()).toEqual([]);
  });

  it('nothing is scheduled without a custodian', async () => {
    mutable.CUSTODIAN = undefined;
    try {
      await scheduleCustodianPayouts();
      expect(await loop()).toEqual([]);
    } finally {
      mutable.CUSTODIAN = 'nowpayments';
    }
  });

  it('a payout in flight is not judged short when the custodian’s balance has moved on', async () => {
    const { id } = await approved();
    await pay();
    expect(itemFor(id)).toHaveLength(1);
    provider.balances.btc = 0;
    try {
      await pay();
      expect(await openAlerts('payout.short')).not.toContain(`withdrawal:${id}`);
    } finally {
      provider.balances.btc = 1;
    }
    Object.assign(itemFor(id)[0]!, { status: 'FINISHED', hash: 'f1f1' });
    await pay();
    expect(await statusOf(id)).toBe('paid');
  });

  it('a sign-in voided by another server is asked again, and the request it turned away goes once', async () => {
    // First in the file: no payout of an earlier test is in flight (the pass would stop at it).
    // This process holds a sign-in: it has paid a withdrawal.
    const earlier = await approved();
    await pay();
    Object.assign(itemFor(earlier.id)[0]!, { status: 'FINISHED', hash: 'beef' });
    await pay();
    expect(await statusOf(earlier.id)).toBe('paid');
    // Another server signs in with the same account: the token held here is void.
    const other = await fetch(`${provider.url}/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'nowpayments-key-of-the-tests' },
      body: JSON.stringify({ email: 'ops@example.com', password: 'payout-password' }),
    });
    expect(other.status).toBe(200);
    const { id } = await approved();
    await expect(pay()).rejects.toThrow('custodian sign-in no longer valid');
    expect(itemFor(id)).toEqual([]);
    const [turnedAway] = await rows(
      'SELECT status, requested_at FROM custodian_payouts WHERE withdrawal_id = $1',
      [id],
    );
    expect(turnedAway).toEqual({ status: 'requesting', requested_at: null });
    await pay();
    expect(itemFor(id)).toHaveLength(1);
    expect(itemFor(id)[0]!.verified).toBe(true);
  });

  it('requests once, verifies with a fresh 2FA code, and books the payout paid once', async () => {
    const { userId, id } = await approved();
    await Promise.all([pay(), pay()]);
    const [item, ...more] = itemFor(id);
    expect(more).toEqual([]);
    expect(item).toMatchObject({ address: RECIPIENT, currency: 'btc', amount: 0.005 });
    expect(item!.verified).toBe(true);
    expect(await statusOf(id)).toBe('approved');
    Object.assign(item!, { status: 'FINISHED', hash: 'f00d' });
    await pay();
    await pay();
    expect(await statusOf(id)).toBe('paid');
    expect(await held(userId)).toBe('0');
    const [payout] = await rows(
      'SELECT status, tx_hash FROM custodian_payouts WHERE withdrawal_id = $1',
      [id],
    );
    expect(payout).toEqual({ status: 'paid', tx_hash: 'f00d' });
    expect(itemFor(id)).toHaveLength(1);
    expect(await checkLedger()).toEqual([]);
  });

  it('finds a payout whose answer was lost by its external id instead of asking twice', async () => {
    const { id } = await approved();
    provider.state.dropNextPayoutAnswer = true;
    await pay().catch(() => undefined);
    const [row] = await rows('SELECT status FROM custodian_payouts WHERE withdrawal_id = $1', [id]);
    expect(row?.status).toBe('requesting');
    await pay();
    expect(itemFor(id)).toHaveLength(1);
    const [after] = await rows(
      'SELECT status, batch_id FROM custodian_payouts WHERE withdrawal_id = $1',
      [id],
    );
    expect(after).toEqual({ status: 'verified', batch_id: itemFor(id)[0]!.batch_withdrawal_id });
  });

  it('finds a lost request past 150 later payouts (pages of the list), never asking twice', async () => {
    const { id } = await approved();
    provider.state.dropNextPayoutAnswer = true;
    await pay().catch(() => undefined);
    // Other payouts of the account came after ours: it is past the first page of the list.
    for (let i = 0; i < 150; i += 1) {
      const other = String(50_000 + i);
      provider.payouts.set(other, {
        ...itemFor(id)[0]!,
        id: other,
        batch_withdrawal_id: other,
        unique_external_id: `other-${i}`,
      });
    }
    await pay();
    expect(itemFor(id)).toHaveLength(1);
    const [after] = await rows(
      'SELECT status, batch_id FROM custodian_payouts WHERE withdrawal_id = $1',
      [id],
    );
    expect(after).toMatchObject({ batch_id: itemFor(id)[0]!.batch_withdrawal_id });
    expect(after!.status).not.toBe('requesting');
    for (const other of provider.payouts.keys())
      if (Number(other) >= 50_000) provider.payouts.delete(other);
  });

  it('a sent request with no trace at the provider is never sent again: past the limit, an alert with the evidence', async () => {
    mutable.CUSTODIAN_LOST_PASSES = 3;
    const { id } = await approved();
    provider.state.dropNextPayoutAnswer = true;
    await pay().catch(() => undefined);
    // The provider lost it too.
    const [lost] = itemFor(id);
    provider.payouts.delete(lost!.batch_withdrawal_id);
    const requests = provider.state.payoutRequests;
    for (let i = 0; i < 3; i += 1) await pay();
    expect(provider.state.payoutRequests).toBe(requests);
    expect(itemFor(id)).toEqual([]);
    const [row] = await rows(
      'SELECT status, unfound_passes FROM custodian_payouts WHERE withdrawal_id = $1',
      [id],
    );
    expect(row).toEqual({ status: 'requesting', unfound_passes: 3 });
    const open = await call<
      Array<{ kind: string; target: string; details: Record<string, unknown> }>
    >(alerts, request('GET', '/operator/alerts', { token: OPERATOR }));
    expect(open.data).toContainEqual(
      expect.objectContaining({
        kind: 'payout.lost',
        target: `withdrawal:${id}`,
        details: expect.objectContaining({ externalId: `${id}:1`, passes: 3 }),
      }),
    );
    // The payments team found nothing at the provider either: a retry asks under a new external id.
    const retried = await call(
      withId(retry, id),
      request('POST', `/operator/withdrawals/${id}/retry`, { token: OPERATOR }),
    );
    expect(retried.data).toMatchObject({ status: 'approved' });
    await pay();
    expect(provider.state.payoutRequests).toBe(requests + 1);
    expect(itemFor(id).map((p) => p.unique_external_id)).toEqual([`${id}:2`]);
    mutable.CUSTODIAN_LOST_PASSES = 10;
  });

  it('ledger:check --chain matches its paid payouts one-to-one, and lists one paid twice, another amount, or missing', async () => {
    const { id } = await approved();
    await pay();
    const [item] = itemFor(id);
    Object.assign(item!, { status: 'FINISHED', hash: 'beef' });
    await pay();
    expect(await statusOf(id)).toBe('paid');
    const mine = (m: { detail: string }) => m.detail.includes(id);
    expect((await checkChains()).mismatches.filter(mine)).toEqual([]);
    // The provider paid it a second time, under another external id of ours.
    provider.payouts.set('77777', {
      ...item!,
      id: '77777',
      batch_withdrawal_id: '77777',
      unique_external_id: `${id}:2`,
    });
    expect((await checkChains()).mismatches.filter(mine)).toEqual([
      { rule: 'paid twice', detail: expect.stringContaining(`${id}:1, ${id}:2`) },
    ]);
    provider.payouts.delete('77777');
    // It paid another amount than we booked.
    expect(item!.amount).toBe(0.005);
    item!.amount = 0.0051;
    try {
      expect((await checkChains()).mismatches.filter(mine)).toEqual([
        {
          rule: 'custodian amount differs',
          detail: `withdrawal ${id}: 0.00500000 BTC booked, 0.0051 paid by nowpayments`,
        },
      ]);
    } finally {
      item!.amount = 0.005;
    }
    // It lists no paid payout under our external id any more (failed after all, or gone).
    item!.status = 'FAILED';
    try {
      expect((await checkChains()).mismatches.filter(mine)).toEqual([
        {
          rule: 'custodian payout missing',
          detail: `withdrawal ${id} is paid through nowpayments (${id}:1), which lists no paid payout under it`,
        },
      ]);
    } finally {
      item!.status = 'FINISHED';
    }
    expect((await checkChains()).mismatches.filter(mine)).toEqual([]);
  });

  it('settles on a signed payout callback, re-read from the API; an unsigned one is refused', async () => {
    const { id } = await approved();
    await pay();
    const item = itemFor(id)[0]!;
    const body = { id: item.id, batch_withdrawal_id: item.batch_withdrawal_id, status: 'FINISHED' };
    const send = (signature: string) =>
      call(
        (req) => webhookRoute(req, { params: Promise.resolve({ provider: 'nowpayments' }) }),
        request('POST', '/wallet/webhooks/nowpayments', {
          body,
          headers: { 'x-nowpayments-sig': signature },
        }),
      );
    expect((await send(nowPaymentsSignature(body, 'wrong'))).status).toBe(401);
    // The body says finished, the API does not yet: nothing is booked.
    expect((await send(nowPaymentsSignature(body, SECRET))).status).toBe(200);
    expect(await statusOf(id)).toBe('approved');
    Object.assign(item, { status: 'FINISHED', hash: 'beef' });
    expect((await send(nowPaymentsSignature(body, SECRET))).status).toBe(200);
    expect(await statusOf(id)).toBe('paid');
  });

  it('a failed payout waits for the operator; a retry is a new request under a new external id', async () => {
    const { userId, id } = await approved();
    await pay();
    Object.assign(itemFor(id)[0]!, { status: 'FAILED', error: 'network congestion' });
    await pay();
    expect(await statusOf(id)).toBe('failed');
    expect(await held(userId)).toBe('510000');
    expect(await openAlerts('payout.failed')).toContain(`withdrawal:${id}`);
    await call(
      withId(retry, id),
      request('POST', `/operator/withdrawals/${id}/retry`, { token: OPERATOR }),
    );
    await pay();
    expect(itemFor(id).map((p) => p.unique_external_id)).toEqual([`${id}:1`, `${id}:2`]);
    Object.assign(itemFor(id)[1]!, { status: 'FINISHED', hash: 'cafe' });
    await pay();
    expect(await statusOf(id)).toBe('paid');
    expect(await checkLedger()).toEqual([]);
  });

  it('a refused address fails the withdrawal at once; a short custodian leaves it approved and alerts', async () => {
    const blocked = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
    provider.refused.add(blocked);
    const refused = await approved('0.005', blocked);
    await pay();
    expect(await statusOf(refused.id)).toBe('failed');
    const [why] = await rows('SELECT reason FROM withdrawals WHERE id = $1', [refused.id]);
    expect(String(why!.reason)).toMatch(/^refused by the custodian: .+/);

    provider.balances.btc = 0.001;
    const short = await approved();
    await pay();
    expect(await statusOf(short.id)).toBe('approved');
    expect(itemFor(short.id)).toEqual([]);
    expect(await alertAbout('payout.short', short.id)).toMatchObject({
      message: 'nowpayments holds too little BTC on bitcoin for a payout',
      details: { network: 'bitcoin', currency: 'BTC' },
    });
    // Exactly the amount is enough.
    provider.balances.btc = 0.005;
    await pay();
    expect(itemFor(short.id)).toHaveLength(1);
    provider.balances.btc = 1;
  });

  it('without payout credentials an approved withdrawal waits and the operator is told', async () => {
    mutable.NOWPAYMENTS_EMAIL = undefined;
    const { id } = await approved();
    // Nothing more this loop can do until someone configures it: it stops.
    expect(await pay()).toBe(false);
    expect(itemFor(id)).toEqual([]);
    expect(await statusOf(id)).toBe('approved');
    expect(await alertAbout('payout.unconfigured', id)).toMatchObject({
      message: 'No payout credentials for nowpayments: pay BTC on bitcoin by hand',
    });
    mutable.NOWPAYMENTS_EMAIL = 'ops@example.com';
  });
});
