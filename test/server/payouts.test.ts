/**
 * Exactly-once payouts on a real local EVM node: an approved withdrawal is signed by the hot wallet,
 * stored, broadcast, confirmed and booked once — also when the run dies right after the broadcast.
 */
import { getAddress, parseEther, parseUnits, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { GET as alerts } from '@/app/api/v1/operator/alerts/route';
import { POST as retry } from '@/app/api/v1/operator/withdrawals/[id]/retry/route';
import { config } from '@/lib/config';
import { closeDb, getDbHandle } from '@/lib/server/db';
import { drainJobs } from '@/lib/server/jobs';
import { evmChain } from '@/lib/server/wallet/chains';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { runPayouts } from '@/lib/server/wallet/payouts';
import { contracts, second, startNode, type LocalNode } from '../../scripts/chain/node';
import { call, request, withId } from './helpers/api';
import { mintTokens } from './helpers/ganache';
import { testPort } from './helpers/ports';
import { approvedWithdrawal, liftWithdrawalCaps, released } from './helpers/wallet';

jest.setTimeout(60_000);

const mutable = config as Record<string, unknown>;
const OPERATOR = 'operator-token-for-the-tests-0123456789';
const SIGNER_KEY = '0x6cbed15c793ce57650b9877cf6fa156fbef513c4e6134f022a85b1ffdd59b2a1';
let node: LocalNode;
let usdt: Address;
let refuser: Address;

beforeAll(async () => {
  node = await startNode({ port: testPort(8562) });
  usdt = await node.deploy('TestToken', ['Tether USD', 'USDT', 6]);
  refuser = await node.deploy('Refuser');
  mutable.EVM_RPC_URL_ETHEREUM = node.url;
  mutable.EVM_CONFIRMATIONS_ETHEREUM = 2;
  mutable.EVM_TOKENS_ETHEREUM = `USDT=${usdt}:6`;
  // The hot wallet: Ganache's second account (1000 ETH), holding 1000 test USDT.
  mutable.WITHDRAWAL_SIGNER_KEY = SIGNER_KEY;
  await mint(second.address, parseUnits('1000', 6));
  // Payouts, not verification caps (test/server/kyc.test.ts), are what this file is about.
  await liftWithdrawalCaps();
});

afterAll(async () => {
  mutable.EVM_RPC_URL_ETHEREUM = undefined;
  mutable.WITHDRAWAL_SIGNER_KEY = undefined;
  await node?.stop();
  await closeDb();
});
beforeEach(() => {
  mutable.OPERATOR_TOKEN = OPERATOR;
});

const chain = () => evmChain('ethereum')!;
// The approval also queued the payout job, which may be mid-way through the same withdrawal when
// the test's own pass finds it in flight: both finish before anything is read.
const pay = async () => {
  await runPayouts(chain());
  await drainJobs();
};

const mint = (to: Address, value: bigint) => mintTokens(node, usdt, to, value);

const tokenBalance = (owner: Address) =>
  node.publicClient.readContract({
    address: usdt,
    abi: contracts.TestToken.abi,
    functionName: 'balanceOf',
    args: [owner],
  });

let n = 0;
/** A player holding `funded` of `currency`, with an approved withdrawal of `amount` to `to`. */
function withdrawal(currency: string, funded: string, amount: string, to: Address) {
  return approvedWithdrawal({
    email: `pay${(n += 1)}@example.com`,
    currency,
    network: 'ethereum',
    funded: parseUnits(funded, currency === 'USDT' ? 6 : 8),
    amount,
    to,
    operatorToken: OPERATOR,
  });
}

async function row(sql: string, params: unknown[]) {
  const { rows } = await (await getDbHandle()).sql(sql, params);
  return rows;
}
const statusOf = async (id: string) =>
  (await row('SELECT status FROM withdrawals WHERE id = $1', [id]))[0]?.status;
const heldOf = async (userId: string, currency: string) =>
  String(
    (
      await row(
        `SELECT balance::text AS b FROM ledger_accounts WHERE owner = $1 AND currency = $2 AND kind = 'held'`,
        [`player:${userId}`, currency],
      )
    )[0]?.b,
  );

describe('payouts', () => {
  it('pays an approved USDT withdrawal once: the recipient receives it, the hold goes to the house', async () => {
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const { userId, id } = await withdrawal('USDT', '100', '50', recipient);
    await pay();
    expect(await tokenBalance(recipient)).toBe(parseUnits('50', 6));
    // One confirmation of two: not paid yet.
    expect(await statusOf(id)).toBe('approved');
    await node.test.mine({ blocks: 1 });
    await Promise.all([pay(), pay()]);
    await pay();
    expect(await statusOf(id)).toBe('paid');
    expect(await heldOf(userId, 'USDT')).toBe('0');
    expect(await tokenBalance(recipient)).toBe(parseUnits('50', 6));
    const [payout] = await row('SELECT count(*)::int AS n FROM payouts WHERE withdrawal_id = $1', [
      id,
    ]);
    expect(payout!.n).toBe(1);
    expect(await checkLedger()).toEqual([]);
  });

  it('a run that dies right after the broadcast: the next one re-broadcasts the same transaction, paid once', async () => {
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const { id } = await withdrawal('ETH', '1', '0.25', recipient);
    const nonceBefore = await node.publicClient.getTransactionCount({ address: second.address });
    // The pass stops right after the broadcast: nothing after it is written (the pass goes on to
    // the next withdrawal; a real kill is test/server/payout-kill.test.ts).
    await runPayouts(chain(), {
      afterBroadcast: () => {
        throw new Error('process killed');
      },
    });
    const [stored] = await row(
      `SELECT s.status, s.tx_hash FROM payout_transactions s JOIN payouts p ON p.id = s.payout_id
       WHERE p.withdrawal_id = $1`,
      [id],
    );
    expect(stored!.status).toBe('signed');
    // The approval's own pass (a job) may still be sending the stored bytes: the blocks that
    // confirm them are mined once every pass has finished, or they may come before the transfer.
    await pay();
    await node.test.mine({ blocks: 2 });
    await pay();
    expect(await statusOf(id)).toBe('paid');
    const payouts = await row(
      `SELECT s.tx_hash FROM payout_transactions s JOIN payouts p ON p.id = s.payout_id
       WHERE p.withdrawal_id = $1`,
      [id],
    );
    expect(payouts.map((p) => p.tx_hash)).toEqual([stored!.tx_hash]);
    expect(await node.publicClient.getBalance({ address: recipient })).toBe(parseEther('0.25'));
    expect(await node.publicClient.getTransactionCount({ address: second.address })).toBe(
      nonceBefore + 1,
    );
  });

  it('a hot wallet too short leaves the withdrawal approved and alerts the operator, then pays', async () => {
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const { id } = await withdrawal('USDT', '5000', '3000', recipient);
    await pay();
    expect(await statusOf(id)).toBe('approved');
    const open = await call<Array<{ kind: string; target: string }>>(
      alerts,
      request('GET', '/operator/alerts', { token: OPERATOR }),
    );
    expect(open.data).toContainEqual(
      expect.objectContaining({ kind: 'payout.short', target: `withdrawal:${id}` }),
    );
    await pay();
    const again = await call<unknown[]>(
      alerts,
      request('GET', '/operator/alerts', { token: OPERATOR }),
    );
    expect(again.data).toHaveLength(open.data!.length);
    await mint(second.address, parseUnits('5000', 6));
    await pay();
    await node.test.mine({ blocks: 2 });
    await pay();
    expect(await statusOf(id)).toBe('paid');
    expect(await tokenBalance(recipient)).toBe(parseUnits('3000', 6));
    const after = await call<Array<{ target: string }>>(
      alerts,
      request('GET', '/operator/alerts', { token: OPERATOR }),
    );
    expect(after.data!.map((a) => a.target)).not.toContain(`withdrawal:${id}`);
  });

  it('a payout the chain refuses fails; only an operator retries or releases it, audited', async () => {
    const { userId, id } = await withdrawal('ETH', '1', '0.1', getAddress(refuser));
    await pay();
    expect(await statusOf(id)).toBe('failed');
    // The hold stays until a person decides.
    expect(await heldOf(userId, 'ETH')).toBe(String(parseUnits('0.1008', 8)));
    const retried = await call(
      withId(retry, id),
      request('POST', `/operator/withdrawals/${id}/retry`, { token: OPERATOR }),
    );
    expect(retried.data).toMatchObject({ status: 'approved' });
    await pay();
    expect(await statusOf(id)).toBe('failed');
    const done = await released(OPERATOR, id, 'recipient contract refuses ETH');
    expect(done.data).toMatchObject({ status: 'rejected' });
    expect(await heldOf(userId, 'ETH')).toBe('0');
    const twice = await released(OPERATOR, id, 'again');
    expect(twice.status).toBe(409);
    const audits = await row(
      `SELECT action FROM operator_audit WHERE target = $1 ORDER BY created_at`,
      [`withdrawal:${id}`],
    );
    expect(audits.map((a) => a.action)).toEqual([
      'withdrawal.approve',
      'withdrawal.retry',
      'withdrawal.release',
    ]);
    expect(await checkLedger()).toEqual([]);
  });
});
