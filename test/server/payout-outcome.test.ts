/**
 * How every payout starts and ends (lib/server/wallet/payout-outcome.ts), whichever sender pays:
 * an attempt opens only for a withdrawal still approved with nothing in flight, a payment moves
 * the hold once to the house's withdrawals and fees, a failure leaves the hold where it is.
 */
import { eq } from 'drizzle-orm';
import { getDb, getDbHandle } from '@/lib/server/db';
import { withdrawals } from '@/lib/server/db/schema';
import { raiseAlert } from '@/lib/server/operator/alerts';
import { markFailed, markPaid, openAttempt } from '@/lib/server/wallet/payout-outcome';
import { staffByToken } from '@/lib/server/staff/sessions';
import { connectSocket, startSocketServer, until } from './helpers/sockets';
import { signedInStaff } from './helpers/staff';
import { approvedWithdrawal, payoutsConfigured } from './helpers/wallet';

const OPERATOR = 'operator-token-for-the-payout-outcome-test';
payoutsConfigured(OPERATOR);

/** What the payments team's back office hears: a real socket of a payments clerk. */
let sockets: Awaited<ReturnType<typeof startSocketServer>>;
const heard: Array<{ id: string; status: string }> = [];
let clerk: Awaited<ReturnType<typeof connectSocket>>;
beforeAll(async () => {
  sockets = await startSocketServer(staffByToken);
  clerk = await connectSocket(sockets.port, undefined, (await signedInStaff('payments')).cookie);
  clerk.on('payments:withdrawal', (e: { id: string; status: string }) => heard.push(e));
});
afterAll(async () => {
  clerk.disconnect();
  await sockets.close();
});

let n = 0;
/** An approved withdrawal of 0.25 ETH (fee 0.0008) from a player funded with 1 ETH. */
async function approved() {
  const { id, userId } = await approvedWithdrawal({
    email: `outcome${(n += 1)}@example.com`,
    currency: 'ETH',
    network: 'ethereum',
    funded: BigInt(100_000_000),
    amount: '0.25',
    to: '0x000000000000000000000000000000000000dEaD',
    operatorToken: OPERATOR,
  });
  return { id, userId };
}

async function rows(text: string, params: unknown[] = []) {
  return (await (await getDbHandle()).sql(text, params)).rows;
}
async function row(id: string) {
  const [w] = await (await getDb()).select().from(withdrawals).where(eq(withdrawals.id, id));
  return w!;
}
/** An account's balance; a house's summed over its slots. */
async function balance(owner: string, kind: string) {
  const [found] = await rows(
    `SELECT coalesce(sum(balance), 0)::text AS b FROM ledger_accounts
      WHERE (owner = $1 OR owner LIKE $1 || '/%') AND currency = 'ETH' AND kind = $2`,
    [owner, kind],
  );
  return BigInt(String(found!.b));
}
const payoutPostings = (id: string) =>
  rows(
    // A house account is split in slots (house:fees/3): the house's name is what matters here.
    `SELECT t.type, regexp_replace(a.owner, '/[0-9]+$', '') AS owner, e.amount::text AS amount
       FROM ledger_transactions t
       JOIN ledger_entries e ON e.transaction_id = t.id
       JOIN ledger_accounts a ON a.id = e.account_id
      WHERE t.scope = 'payout' AND t.key = $1
      ORDER BY a.owner`,
    [id],
  );
const openAlerts = (kind: string, id: string) =>
  rows(
    `SELECT message, details FROM operator_alerts
      WHERE kind = $1 AND target = $2 AND resolved_at IS NULL`,
    [kind, `withdrawal:${id}`],
  );
const paid = { txHash: '0xabc', network: 'ethereum' };

describe('opening an attempt', () => {
  it('numbers attempts after the last failed one, and none while one is in flight', async () => {
    const { id } = await approved();
    const opened: number[] = [];
    const insert = async (_tx: unknown, attempt: number) => {
      opened.push(attempt);
      return attempt;
    };
    expect(await openAttempt(id, async () => undefined, insert)).toBe(1);
    expect(await openAttempt(id, async () => ({ attempt: 3, status: 'failed' }), insert)).toBe(4);
    expect(await openAttempt(id, async () => ({ attempt: 4, status: 'live' }), insert)).toBeNull();
    expect(await openAttempt(id, async () => ({ attempt: 4, status: 'paid' }), insert)).toBeNull();
    expect(opened).toEqual([1, 4]);
  });

  it('opens nothing for a withdrawal no longer approved, or whose release was asked for', async () => {
    const { id: released } = await approved();
    await rows(`UPDATE withdrawals SET release_requested_at = now() WHERE id = $1`, [released]);
    const { id: rejected } = await approved();
    await rows(`UPDATE withdrawals SET status = 'rejected' WHERE id = $1`, [rejected]);
    const asked: string[] = [];
    for (const id of [released, rejected, '00000000-0000-4000-8000-000000000000']) {
      const got = await openAttempt(
        id,
        async () => {
          asked.push(id);
          return undefined;
        },
        async () => 'opened',
      );
      expect(got).toBeNull();
    }
    // Nothing past the withdrawal's own row was even read.
    expect(asked).toEqual([]);
  });
});

describe('a payout paid', () => {
  it('moves the hold once: the amount to the house withdrawals, the fee to fees; the player is told', async () => {
    const { id, userId } = await approved();
    const w = await row(id);
    expect(w.fee).toBe(BigInt(80_000));
    const inTx: string[] = [];
    await raiseAlert('payout.short', `withdrawal:${id}`, 'The hot wallet is short');
    const withdrawalsBefore = await balance('house:withdrawals', 'available');
    const feesBefore = await balance('house:fees', 'available');

    await markPaid(w, paid, async () => {
      inTx.push('called');
    });

    expect(inTx).toEqual(['called']);
    expect((await row(id)).status).toBe('paid');
    await until(() => heard.some((e) => e.id === id && e.status === 'paid'));
    expect(await payoutPostings(id)).toEqual([
      { type: 'withdrawal', owner: 'house:fees', amount: '80000' },
      { type: 'withdrawal', owner: 'house:withdrawals', amount: '25000000' },
      { type: 'withdrawal', owner: `player:${userId}`, amount: '-25080000' },
    ]);
    expect(await balance(`player:${userId}`, 'held')).toBe(BigInt(0));
    expect((await balance('house:withdrawals', 'available')) - withdrawalsBefore).toBe(
      BigInt(25_000_000),
    );
    expect((await balance('house:fees', 'available')) - feesBefore).toBe(BigInt(80_000));
    const [meta] = await rows(
      `SELECT meta FROM ledger_transactions WHERE scope = 'payout' AND key = $1`,
      [id],
    );
    expect(meta!.meta).toEqual({ withdrawalId: id, txHash: '0xabc', network: 'ethereum' });
    const events = await rows(
      `SELECT type, payload FROM domain_events WHERE aggregate = $1 AND type = 'withdrawal.paid'`,
      [`withdrawal:${id}`],
    );
    expect(events).toHaveLength(1);
    expect(await openAlerts('payout.short', id)).toEqual([]);
    const notices = await rows(`SELECT title, message, link FROM notices WHERE user_id = $1`, [
      userId,
    ]);
    expect(notices).toContainEqual({
      title: 'Withdrawal sent',
      message: '0.25 ETH is on its way to your address.',
      link: '/account-management/transactions',
    });
  });

  it('with no fee, only the amount moves (no line for the fees account)', async () => {
    const { id, userId } = await approved();
    // A withdrawal taken while its currency's rule charged nothing.
    await rows(`UPDATE withdrawals SET fee = 0 WHERE id = $1`, [id]);
    const w = await row(id);
    // The hold of the fee the row no longer charges goes back first, as a posting of its own.
    const { post } = await import('@/lib/server/wallet/ledger');
    await post({
      type: 'adjustment',
      scope: 'test-fee-waived',
      key: id,
      userId,
      lines: [
        { account: { userId, currency: 'ETH', kind: 'held' }, amount: -BigInt(80_000) },
        { account: { userId, currency: 'ETH' }, amount: BigInt(80_000) },
      ],
    });
    await markPaid(w, paid, async () => undefined);
    expect(await payoutPostings(id)).toEqual([
      { type: 'withdrawal', owner: 'house:withdrawals', amount: '25000000' },
      { type: 'withdrawal', owner: `player:${userId}`, amount: '-25000000' },
    ]);
  });

  it('refuses a withdrawal no longer approved: nothing posted, the hold stays', async () => {
    const { id, userId } = await approved();
    const w = await row(id);
    await rows(`UPDATE withdrawals SET status = 'failed' WHERE id = $1`, [id]);
    const alsoInTx = jest.fn(async () => undefined);
    await expect(markPaid(w, paid, alsoInTx)).rejects.toThrow('withdrawal no longer approved');
    expect(alsoInTx).not.toHaveBeenCalled();
    expect(await payoutPostings(id)).toEqual([]);
    expect(await balance(`player:${userId}`, 'held')).toBe(BigInt(25_080_000));
    expect((await row(id)).status).toBe('failed');
  });
});

describe('a payout failed', () => {
  it('marks an approved withdrawal failed with the reason, keeps the hold and alerts', async () => {
    const { id, userId } = await approved();
    const inTx = jest.fn(async () => undefined);
    await markFailed(id, 'reverted on chain', '0xdef', inTx);
    expect(inTx).toHaveBeenCalledTimes(1);
    const w = await row(id);
    expect([w.status, w.reason]).toEqual(['failed', 'reverted on chain']);
    await until(() => heard.some((e) => e.id === id && e.status === 'failed'));
    expect(await balance(`player:${userId}`, 'held')).toBe(BigInt(25_080_000));
    expect(await openAlerts('payout.failed', id)).toEqual([
      { message: 'Payout reverted on chain', details: { txHash: '0xdef' } },
    ]);
  });

  it('never turns a paid withdrawal into a failed one', async () => {
    const { id } = await approved();
    await markPaid(await row(id), paid, async () => undefined);
    await markFailed(id, 'refused by the custodian', null);
    const w = await row(id);
    expect([w.status, w.reason]).toEqual(['paid', null]);
  });
});
