/**
 * What one pass of the hot wallet does with what the node answers, on a real local EVM node
 * (Ganache) behind an RPC endpoint that can lose, refuse or fail a call: a broadcast whose answer
 * never came is neither ended nor signed again, a refusal is recorded with the node's words, the
 * queue is paid in order and stops at the first withdrawal the wallet cannot cover, the fee cap
 * and an unpayable pair alert an operator, and an approval alone starts the pass that pays.
 */
import { parseEther, parseUnits, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { GET as alerts } from '@/app/api/v1/operator/alerts/route';
import { POST as approve } from '@/app/api/v1/operator/withdrawals/[id]/approve/route';
import { config } from '@/lib/config';
import { closeDb, getDb, getDbHandle } from '@/lib/server/db';
import { drainJobs } from '@/lib/server/jobs';
import { evmChain } from '@/lib/server/wallet/chains';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import {
  payoutUnderWay,
  runPayouts,
  schedulePayouts,
  startPayouts,
  type PayoutHooks,
} from '@/lib/server/wallet/payouts';
import { contracts, second, startNode, type LocalNode } from '../../scripts/chain/node';
import { call, request, withId } from './helpers/api';
import { mintTokens, setMining } from './helpers/ganache';
import { testPort } from './helpers/ports';
import { startRpcProxy, type ProxyAnswer } from './helpers/rpc-proxy';
import { hotWalletOnEthereum, released, requestedWithdrawal } from './helpers/wallet';

jest.setTimeout(90_000);

const mutable = config as Record<string, unknown>;
const OPERATOR = 'operator-token-for-the-pass-tests-0123456';
let node: LocalNode;
let usdt: Address;
let proxy: Awaited<ReturnType<typeof startRpcProxy>>;
let restore: () => void;
/** Per method, what the endpoint answers the next calls itself (one each), before the node does. */
let scripted: Record<string, ProxyAnswer[]> = {};

beforeAll(async () => {
  node = await startNode({ port: testPort(8568) });
  usdt = await node.deploy('TestToken', ['Tether USD', 'USDT', 6]);
  proxy = await startRpcProxy(node.url, (c) => scripted[c.method]?.shift());
  restore = hotWalletOnEthereum(proxy.url);
  mutable.EVM_CONFIRMATIONS_ETHEREUM = 2;
  mutable.EVM_TOKENS_ETHEREUM = `USDT=${usdt}:6`;
  // The tests run every pass themselves: the job's own next pass waits past the file's end.
  mutable.EVM_POLL_SECONDS = 300;
  mutable.OPERATOR_TOKEN = OPERATOR;
  await (
    await getDbHandle()
  ).sql('UPDATE withdrawal_caps SET daily_usd = NULL, monthly_usd = NULL');
});

afterAll(async () => {
  restore?.();
  mutable.EVM_POLL_SECONDS = 5;
  await proxy?.stop();
  await node?.stop();
  await closeDb();
});

afterEach(async () => {
  scripted = {};
  mutable.PAYOUT_BUMP_BLOCKS = 5;
  mutable.PAYOUT_MAX_FEE_GWEI = 500;
  mutable.EVM_TOKENS_ETHEREUM = `USDT=${usdt}:6`;
  await setMining(node.url, true);
  await node.test.mine({ blocks: 2 });
  await node.test.setBalance({ address: second.address, value: parseEther('1000') });
  await pass();
  // A test that failed half-way leaves nothing in the queue for the next one to wait behind.
  await rows(
    `UPDATE withdrawals w SET status = 'failed', reason = 'left by a failed test'
     WHERE status = 'approved'
       AND NOT EXISTS (SELECT 1 FROM payouts p WHERE p.withdrawal_id = w.id AND p.status = 'live')`,
  );
});

/** A node's refusal in its own words, as a JSON-RPC error (no transport failure). */
const refusal = (message: string): ProxyAnswer => ({ error: { code: -32000, message } });

/** One pass of the test's own, after any the job queue started; what it returned. */
const pass = async (hooks: PayoutHooks = {}) => {
  await drainJobs();
  const more = await runPayouts(evmChain('ethereum')!, hooks);
  await drainJobs();
  return more;
};

let n = 0;
function requested(currency: 'ETH' | 'USDT', amount: string) {
  const to = privateKeyToAccount(generatePrivateKey()).address;
  return requestedWithdrawal({
    email: `passes${(n += 1)}@example.com`,
    currency,
    network: 'ethereum',
    funded: currency === 'ETH' ? parseUnits('1', 8) : parseUnits('1000', 6),
    amount,
    to,
  }).then((w) => ({ ...w, to }));
}

/** Approved by the operator: the approval queues the job's own pass. */
async function approved(currency: 'ETH' | 'USDT', amount: string) {
  const w = await requested(currency, amount);
  const answer = await call(
    withId(approve, w.id),
    request('POST', `/operator/withdrawals/${w.id}/approve`, { token: OPERATOR }),
  );
  expect(answer.data).toMatchObject({ status: 'approved' });
  return w;
}

/**
 * Approved the way the operator's call does it (one conditional update), without the job it
 * queues: the test's pass is the only one, so what one pass does is what the test sees.
 */
async function queued(currency: 'ETH' | 'USDT', amount: string) {
  const w = await requested(currency, amount);
  await rows(
    `UPDATE withdrawals SET status = 'approved', updated_at = clock_timestamp()
     WHERE id = $1 AND status = 'pending'`,
    [w.id],
  );
  return w;
}

async function rows(sql: string, params: unknown[] = []) {
  return (await (await getDbHandle()).sql(sql, params)).rows;
}
const statusOf = async (id: string) =>
  (await rows('SELECT status FROM withdrawals WHERE id = $1', [id]))[0]?.status;
const sentOf = (id: string) =>
  rows(
    `SELECT s.kind, s.status, s.tx_hash, s.sent_block::text AS sent_block, s.error
     FROM payout_transactions s JOIN payouts p ON p.id = s.payout_id
     WHERE p.withdrawal_id = $1 ORDER BY s.created_at`,
    [id],
  );
const attemptsOf = (id: string) =>
  rows('SELECT id, status, nonce, error FROM payouts WHERE withdrawal_id = $1 ORDER BY attempt', [
    id,
  ]);
type Alert = { kind: string; target: string; message: string; details: Record<string, unknown> };
const alertOn = async (target: string) =>
  (
    await call<Alert[]>(alerts, request('GET', '/operator/alerts', { token: OPERATOR }))
  ).data!.filter((a) => a.target === target);
const tokensOf = (owner: Address) =>
  node.publicClient.readContract({
    address: usdt,
    abi: contracts.TestToken.abi,
    functionName: 'balanceOf',
    args: [owner],
  });
const mint = (to: Address, value: bigint) => mintTokens(node, usdt, to, value);

describe('a payout pass and what the node answers', () => {
  // First: the job's pass re-enqueues itself minutes ahead, and a queue holds one such job.
  it('an approval alone starts the pass that signs it; with no hot wallet a pass does nothing', async () => {
    const { id } = await approved('ETH', '0.03');
    await drainJobs();
    expect((await sentOf(id)).map((t) => t.status)).toEqual(['sent']);
    await node.test.mine({ blocks: 2 });
    await pass();
    expect(await statusOf(id)).toBe('paid');

    // The pass left work (the transfer is not confirmed yet): it comes back, once, later.
    const waitingJobs = () =>
      rows(
        `SELECT count(*)::int AS n FROM pgboss.job
         WHERE name = 'wallet.payout' AND state = 'created' AND start_after > now()
           AND data->>'network' = 'ethereum'`,
      );
    expect(await waitingJobs()).toEqual([{ n: 1 }]);
    // Nothing is started for a network the hot wallet does not pay: not EVM, or not configured.
    await schedulePayouts('tron');
    await schedulePayouts('bsc');
    expect(
      await rows(
        `SELECT count(*)::int AS n FROM pgboss.job
         WHERE name = 'wallet.payout' AND data->>'network' <> 'ethereum'`,
      ),
    ).toEqual([{ n: 0 }]);

    const waiting = await approved('ETH', '0.03');
    await drainJobs();
    expect(await waitingJobs()).toEqual([{ n: 1 }]);
    expect(await sentOf(waiting.id)).toEqual([]);
    const key = mutable.WITHDRAWAL_SIGNER_KEY;
    mutable.WITHDRAWAL_SIGNER_KEY = undefined;
    try {
      await node.test.mine({ blocks: 2 });
      expect(await runPayouts(evmChain('ethereum')!)).toBe(false);
      expect(await statusOf(waiting.id)).toBe('approved');
    } finally {
      mutable.WITHDRAWAL_SIGNER_KEY = key;
    }
    // At server start the loop of each watched chain is started for work left over.
    await rows(`DELETE FROM pgboss.job WHERE name = 'wallet.payout' AND state = 'created'`);
    await startPayouts();
    await drainJobs();
    expect((await sentOf(waiting.id)).map((t) => t.status)).toEqual(['sent']);
  });

  it('a broadcast that failed on the way is neither ended nor re-signed: the same bytes go out next', async () => {
    // Held in the pool (Ganache mining at once would hold the call on the nonce gap instead).
    await setMining(node.url, false);
    const { id, to } = await queued('ETH', '0.1');
    const after = await queued('ETH', '0.02');
    scripted.eth_sendRawTransaction = [{ status: 400 }];
    expect(await pass()).toBe(true);
    const [stored] = await sentOf(id);
    expect(stored).toMatchObject({ kind: 'transfer', status: 'signed', sent_block: null });
    // The node never saw the first: the next withdrawal still takes the nonce after it.
    const [first] = await attemptsOf(id);
    const [next] = await attemptsOf(after.id);
    expect(Number(next!.nonce)).toBe(Number(first!.nonce) + 1);
    await pass();
    expect(await sentOf(id)).toEqual([
      expect.objectContaining({ tx_hash: stored!.tx_hash, status: 'sent', error: null }),
    ]);
    await setMining(node.url, true);
    await node.test.mine({ blocks: 2 });
    expect(await pass()).toBe(false);
    expect([await statusOf(id), await statusOf(after.id)]).toEqual(['paid', 'paid']);
    expect(await node.publicClient.getBalance({ address: to })).toBe(parseEther('0.1'));
  });

  it('bytes the node took though its answer was lost are sent, whatever words it refuses them in', async () => {
    await setMining(node.url, false);
    const { id } = await queued('ETH', '0.1');
    scripted.eth_sendRawTransaction = [{ lost: 400 }];
    await pass();
    expect((await sentOf(id)).map((t) => t.status)).toEqual(['signed']);
    // Ganache's way of refusing bytes it already holds: the node is asked whether it has them.
    scripted.eth_sendRawTransaction = [refusal('transaction underpriced')];
    await pass();
    expect(await sentOf(id)).toEqual([expect.objectContaining({ status: 'sent' })]);
  });

  it('"nonce too low" means the bytes went out; any other refusal is recorded with its words, once sent stays sent', async () => {
    await setMining(node.url, false);
    const first = await queued('ETH', '0.1');
    const broadcasts: Hex[] = [];
    scripted.eth_sendRawTransaction = [{ lost: 400 }];
    await pass();
    // Asked again, a node of the pool answers as if the transfer were mined and knows no hash.
    scripted.eth_sendRawTransaction = [refusal('nonce too low')];
    scripted.eth_getTransactionByHash = [{ result: null }];
    await pass({ afterBroadcast: (hash) => void broadcasts.push(hash) });
    const [sent] = await sentOf(first.id);
    expect(sent).toMatchObject({ status: 'sent', error: null });
    expect(broadcasts).toEqual([sent!.tx_hash]);

    // A refusal of bytes it took before (not yet due for a replacement): still sent, the words kept.
    scripted.eth_sendRawTransaction = [refusal('txpool is full')];
    scripted.eth_getTransactionByHash = [{ result: null }];
    await pass({ afterBroadcast: (hash) => void broadcasts.push(hash) });
    expect(await sentOf(first.id)).toEqual([
      expect.objectContaining({ status: 'sent', error: 'txpool is full' }),
    ]);
    expect(broadcasts).toHaveLength(1);

    await setMining(node.url, true);
    await node.test.mine({ blocks: 2 });
    await pass();
    expect(await statusOf(first.id)).toBe('paid');

    // Bytes refused from the start: recorded as refused, and no broadcast is reported.
    const refused = await queued('ETH', '0.1');
    scripted.eth_sendRawTransaction = [refusal('txpool is full')];
    scripted.eth_getTransactionByHash = [{ result: null }];
    await pass({ afterBroadcast: (hash) => void broadcasts.push(hash) });
    expect(await sentOf(refused.id)).toEqual([
      expect.objectContaining({ status: 'refused', error: 'txpool is full' }),
    ]);
    expect(broadcasts).toHaveLength(1);
    // The same bytes are offered again on the next pass, and the node takes them.
    await pass();
    expect((await sentOf(refused.id)).map((t) => t.status)).toEqual(['sent']);
    await node.test.mine({ blocks: 2 });
    await pass();
    expect(await statusOf(refused.id)).toBe('paid');
  });

  it('pays the queue in order in one pass, and stops it at the first the hot wallet cannot cover', async () => {
    const a = await queued('ETH', '0.1');
    const b = await queued('ETH', '0.2');
    await pass();
    expect((await attemptsOf(a.id)).length).toBe(1);
    expect((await attemptsOf(b.id)).length).toBe(1);
    await node.test.mine({ blocks: 2 });
    await pass();

    const big = await queued('ETH', '0.5');
    const small = await queued('ETH', '0.05');
    await node.test.setBalance({ address: second.address, value: parseEther('0.3') });
    expect(await pass()).toBe(true);
    expect(await attemptsOf(big.id)).toEqual([]);
    expect(await attemptsOf(small.id)).toEqual([]);
    const [short] = await alertOn(`withdrawal:${big.id}`);
    expect(short).toMatchObject({
      kind: 'payout.short',
      message: `Hot wallet ${second.address} is short for a ETH payout on ethereum`,
      details: { network: 'ethereum', currency: 'ETH' },
    });
    await node.test.setBalance({ address: second.address, value: parseEther('1000') });
    await pass();
    await node.test.mine({ blocks: 2 });
    expect(await pass()).toBe(false);
    expect([await statusOf(big.id), await statusOf(small.id)]).toEqual(['paid', 'paid']);
    expect(await checkLedger()).toEqual([]);
  });

  it('an attempt the node cannot answer for this pass does not hold up the queue', async () => {
    await setMining(node.url, false);
    const first = await queued('ETH', '0.01');
    await pass();
    const later = await queued('ETH', '0.01');
    // The first call of the pass, the settling of the attempt in flight, fails on the way.
    scripted.eth_getTransactionCount = [{ status: 400 }];
    await pass();
    expect((await sentOf(first.id)).map((t) => t.status)).toEqual(['sent']);
    expect((await sentOf(later.id)).map((t) => t.status)).toEqual(['sent']);
    await setMining(node.url, true);
    await node.test.mine({ blocks: 2 });
    await pass();
    expect([await statusOf(first.id), await statusOf(later.id)]).toEqual(['paid', 'paid']);
  });

  it('tokens that exactly cover a payout pay it; gas the wallet cannot pay stops it', async () => {
    const exact = await queued('USDT', '40');
    await mint(second.address, parseUnits('40', 6));
    await pass();
    await node.test.mine({ blocks: 2 });
    await pass();
    expect(await statusOf(exact.id)).toBe('paid');
    expect(await tokensOf(exact.to)).toBe(parseUnits('40', 6));
    expect(await tokensOf(second.address)).toBe(BigInt(0));

    // The tokens are there, the coin for its gas is not.
    const noGas = await queued('USDT', '10');
    const behind = await queued('ETH', '0.01');
    await mint(second.address, parseUnits('10', 6));
    await node.test.setBalance({ address: second.address, value: BigInt(1000) });
    await pass();
    expect(await attemptsOf(noGas.id)).toEqual([]);
    expect((await alertOn(`withdrawal:${noGas.id}`)).map((a) => a.kind)).toEqual(['payout.short']);
    // The queue stopped there: the one behind it was not even looked at.
    expect(await alertOn(`withdrawal:${behind.id}`)).toEqual([]);

    // The coin itself, with a balance that covers the amount and not its gas.
    await rows(`UPDATE withdrawals SET status = 'failed' WHERE id = $1`, [noGas.id]);
    await node.test.setBalance({
      address: second.address,
      value: parseEther('0.01') + BigInt(1000),
    });
    await pass();
    expect(await attemptsOf(behind.id)).toEqual([]);
    expect((await alertOn(`withdrawal:${behind.id}`)).map((a) => a.kind)).toEqual(['payout.short']);
  });

  it('a token nothing pays any more is alerted, and the queue goes on to the next', async () => {
    const token = await queued('USDT', '10');
    const coin = await queued('ETH', '0.01');
    // The configuration changed after the approval: USDT is not paid on this network now.
    mutable.EVM_TOKENS_ETHEREUM = `USDC=${usdt}:6`;
    await pass();
    expect(await attemptsOf(token.id)).toEqual([]);
    expect((await attemptsOf(coin.id)).length).toBe(1);
    const [unpayable] = await alertOn(`withdrawal:${token.id}`);
    expect(unpayable).toMatchObject({
      kind: 'payout.unpayable',
      message:
        'Nothing configured pays USDT on ethereum: configure a payer or release the withdrawal',
      details: { network: 'ethereum', currency: 'USDT' },
    });
    mutable.EVM_TOKENS_ETHEREUM = `USDT=${usdt}:6`;
    await mint(second.address, parseUnits('10', 6));
    await pass();
    await node.test.mine({ blocks: 2 });
    await pass();
    expect(await statusOf(token.id)).toBe('paid');
  });

  it('an estimate that fails on the way is no revert: the withdrawal waits; a node saying revert in code 3 fails it', async () => {
    const w = await queued('ETH', '0.02');
    scripted.eth_estimateGas = [{ status: 400 }];
    await pass();
    expect(await statusOf(w.id)).toBe('approved');
    expect(await attemptsOf(w.id)).toEqual([]);
    const next = await queued('ETH', '0.02');
    scripted.eth_estimateGas = [{ error: { code: 3, message: 'blocked by the recipient' } }];
    await pass();
    expect(await statusOf(w.id)).toBe('failed');
    // A transfer that would revert ends there; the queue goes on in the same pass.
    expect((await sentOf(next.id)).map((t) => t.status)).toEqual(['sent']);
    const [failed] = await alertOn(`withdrawal:${w.id}`);
    expect(failed).toMatchObject({ kind: 'payout.failed', message: 'Payout would revert' });
  });

  it('a replacement above PAYOUT_MAX_FEE_GWEI is not signed: an alert instead, gone once paid', async () => {
    await setMining(node.url, false);
    const { id } = await queued('ETH', '0.1');
    await pass();
    const [attempt] = await attemptsOf(id);
    mutable.PAYOUT_BUMP_BLOCKS = 0;
    mutable.PAYOUT_MAX_FEE_GWEI = 0.000001;
    await pass();
    expect((await sentOf(id)).map((t) => t.kind)).toEqual(['transfer']);
    const [capped] = await alertOn(`payout:${attempt!.id}`);
    expect(capped).toMatchObject({
      kind: 'payout.fee_cap',
      message: `A payout on ethereum (nonce ${attempt!.nonce}) needs a max fee above PAYOUT_MAX_FEE_GWEI to replace; it is left as it is`,
      details: { network: 'ethereum', nonce: Number(attempt!.nonce) },
    });
    expect(BigInt(String(capped!.details.maxFeePerGas))).toBeGreaterThan(BigInt(1000));
    await setMining(node.url, true);
    await node.test.mine({ blocks: 2 });
    await pass();
    expect(await statusOf(id)).toBe('paid');
    expect(await alertOn(`payout:${attempt!.id}`)).toEqual([]);
  });

  it('a cancel stuck in the pool is itself replaced by a dearer cancel, never by the transfer', async () => {
    await setMining(node.url, false);
    const { id, userId } = await queued('ETH', '0.1');
    await pass();
    const asked = await released(OPERATOR, id, 'the player asked us to stop it');
    expect(asked.data).toMatchObject({ release: 'cancelling' });
    await pass();
    mutable.PAYOUT_BUMP_BLOCKS = 0;
    await pass();
    expect((await sentOf(id)).map((t) => [t.kind, t.status])).toEqual([
      ['transfer', 'sent'],
      ['cancel', 'sent'],
      ['cancel', 'sent'],
    ]);
    await setMining(node.url, true);
    await node.test.mine({ blocks: 2 });
    await pass();
    expect(await statusOf(id)).toBe('rejected');
    const held = await rows(
      `SELECT balance::text AS b FROM ledger_accounts WHERE owner = $1 AND currency = 'ETH' AND kind = 'held'`,
      [`player:${userId}`],
    );
    expect(held[0]?.b).toBe('0');
  });

  it('a custodian request is under way until it is paid or failed', async () => {
    const { id } = await queued('ETH', '0.01');
    await pass();
    await node.test.mine({ blocks: 2 });
    await pass();
    const db = await getDb();
    const underWay = () => db.transaction((tx) => payoutUnderWay(tx, id));
    expect(await underWay()).toBeNull();
    for (const [attempt, status, expected] of [
      [1, 'requesting', 'custodian'],
      [2, 'created', 'custodian'],
      [3, 'verified', 'custodian'],
      [4, 'paid', null],
    ] as const) {
      await rows(`UPDATE custodian_payouts SET status = 'failed' WHERE withdrawal_id = $1`, [id]);
      await rows(
        `INSERT INTO custodian_payouts (withdrawal_id, attempt, provider, external_id, status)
         VALUES ($1, $2, 'test', $3, $4)`,
        [id, attempt, `${id}:${attempt}`, status],
      );
      expect(await underWay()).toBe(expected);
    }
  });
});
