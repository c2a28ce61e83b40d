/**
 * Payouts never paid twice and never stuck, on a real local EVM node (Ganache, its miner stopped
 * to hold transactions in the pool): a receipt answered late, replacements the node takes or
 * refuses, a revert retried with a new nonce, a release that races the transfer, a foreign
 * transaction at our nonce, and pairs nothing pays.
 */
import {
  encodeFunctionData,
  erc20Abi,
  getAddress,
  keccak256,
  parseEther,
  parseTransaction,
  parseUnits,
  type Address,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { GET as alerts } from '@/app/api/v1/operator/alerts/route';
import { POST as retry } from '@/app/api/v1/operator/withdrawals/[id]/retry/route';
import { GET as options } from '@/app/api/v1/wallet/withdrawal-options/route';
import { POST as withdraw } from '@/app/api/v1/wallet/withdrawals/route';
import { config } from '@/lib/config';
import { createSession } from '@/lib/server/auth/session';
import { closeDb, getDbHandle } from '@/lib/server/db';
import { drainJobs } from '@/lib/server/jobs';
import { createPlayer } from '@/lib/server/players/store';
import { evmChain } from '@/lib/server/wallet/chains';
import { checkChains } from '@/lib/server/wallet/chain-check';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { runPayouts, type PayoutHooks } from '@/lib/server/wallet/payouts';
import { contracts, second, startNode, type LocalNode } from '../../scripts/chain/node';
import { call, request, withId } from './helpers/api';
import { seedDoublePayout } from './helpers/double-payout';
import { mintTokens, setMining } from './helpers/ganache';
import { testPort } from './helpers/ports';
import { startRpcProxy } from './helpers/rpc-proxy';
import {
  approvedWithdrawal,
  fund,
  hotWalletOnEthereum,
  liftWithdrawalCaps,
  released,
} from './helpers/wallet';

jest.setTimeout(90_000);

const mutable = config as Record<string, unknown>;
const OPERATOR = 'operator-token-for-the-payout-tests-01234';
let node: LocalNode;
let usdt: Address;
let proxy: Awaited<ReturnType<typeof startRpcProxy>>;
/** The next receipt lookups the proxy answers "not found" (a node one block behind). */
let lagReceipts = 0;
/** The next gas estimate the proxy answers itself (a node that estimates too low). */
let gasAnswer: bigint | null = null;

beforeAll(async () => {
  node = await startNode({ port: testPort(8564) });
  usdt = await node.deploy('TestToken', ['Tether USD', 'USDT', 6]);
  proxy = await startRpcProxy(node.url, (c) => {
    if (c.method === 'eth_getTransactionReceipt' && lagReceipts > 0) {
      lagReceipts -= 1;
      return { result: null };
    }
    if (c.method === 'eth_estimateGas' && gasAnswer !== null) {
      const gas = gasAnswer;
      gasAnswer = null;
      return { result: `0x${gas.toString(16)}` };
    }
    return undefined;
  });
  hotWalletOnEthereum(proxy.url);
  mutable.EVM_CONFIRMATIONS_ETHEREUM = 2;
  mutable.EVM_TOKENS_ETHEREUM = `USDT=${usdt}:6`;
  // The tests run every pass themselves: the job's own next pass waits past the file's end.
  mutable.EVM_POLL_SECONDS = 300;
  mutable.OPERATOR_TOKEN = OPERATOR;
  await mintTokens(node, usdt, second.address, parseUnits('1000', 6));
  await liftWithdrawalCaps();
});

afterAll(async () => {
  mutable.EVM_RPC_URL_ETHEREUM = undefined;
  mutable.WITHDRAWAL_SIGNER_KEY = undefined;
  mutable.EVM_POLL_SECONDS = 5;
  await proxy?.stop();
  await node?.stop();
  await closeDb();
});

afterEach(async () => {
  mutable.PAYOUT_BUMP_BLOCKS = 5;
  lagReceipts = 0;
  gasAnswer = null;
  await minerStart();
});

const minerStop = () => setMining(node.url, false);
const minerStart = () => setMining(node.url, true);

/**
 * One pass of the test's own, after any pass the job queue had started (an approval or a release
 * queues one): never two passes at once, so each test counts what each pass signed.
 */
const pass = async (hooks: PayoutHooks = {}) => {
  await drainJobs();
  await runPayouts(evmChain('ethereum')!, hooks);
  await drainJobs();
};

let n = 0;
function withdrawal(
  amount: string,
  to: Address = privateKeyToAccount(generatePrivateKey()).address,
) {
  return approvedWithdrawal({
    email: `attempts${(n += 1)}@example.com`,
    currency: 'ETH',
    network: 'ethereum',
    funded: parseUnits('1', 8),
    amount,
    to,
    operatorToken: OPERATOR,
  }).then((w) => ({ ...w, to }));
}

async function rows(sql: string, params: unknown[] = []) {
  return (await (await getDbHandle()).sql(sql, params)).rows;
}
const statusOf = async (id: string) =>
  (await rows('SELECT status FROM withdrawals WHERE id = $1', [id]))[0]?.status;
const attemptsOf = (id: string) =>
  rows('SELECT status, nonce FROM payouts WHERE withdrawal_id = $1 ORDER BY attempt', [id]);
const sentOf = (id: string) =>
  rows(
    `SELECT s.kind, s.status, s.tx_hash, s.raw_transaction FROM payout_transactions s
     JOIN payouts p ON p.id = s.payout_id WHERE p.withdrawal_id = $1 ORDER BY s.created_at`,
    [id],
  );
const balanceOf = (a: Address) => node.publicClient.getBalance({ address: a });
const heldOf = async (userId: string, currency = 'ETH') =>
  String(
    (
      await rows(
        `SELECT balance::text AS b FROM ledger_accounts WHERE owner = $1 AND currency = $2 AND kind = 'held'`,
        [`player:${userId}`, currency],
      )
    )[0]?.b,
  );
const openAlerts = async () =>
  (
    await call<Array<{ kind: string; target: string; message: string; details: unknown }>>(
      alerts,
      request('GET', '/operator/alerts', { token: OPERATOR }),
    )
  ).data!;
const releaseOf = (id: string) => released(OPERATOR, id, 'the player asked us to stop it');

/**
 * An operator's retry of a withdrawal whose attempt ended, then the passes that pay it: paid by a
 * second attempt, at a nonce past the first's.
 */
async function retriedAndPaid(id: string) {
  const retried = await call(
    withId(retry, id),
    request('POST', `/operator/withdrawals/${id}/retry`, { token: OPERATOR }),
  );
  expect(retried.data).toMatchObject({ status: 'approved' });
  await pass();
  await node.test.mine({ blocks: 1 });
  await pass();
  expect(await statusOf(id)).toBe('paid');
  const attempts = await attemptsOf(id);
  expect(attempts.map((a) => a.status)).toEqual(['failed', 'paid']);
  expect(Number(attempts[1]!.nonce)).toBeGreaterThan(Number(attempts[0]!.nonce));
}

describe('payout attempts', () => {
  it('a receipt answered late never fails the payout: the player is paid once', async () => {
    const { id, to } = await withdrawal('0.25');
    await pass();
    await node.test.mine({ blocks: 1 });
    // The chain has it with two confirmations; the RPC's node answers as if it had not seen it.
    lagReceipts = 10;
    await pass();
    expect(await statusOf(id)).toBe('approved');
    expect(await attemptsOf(id)).toEqual([expect.objectContaining({ status: 'live' })]);
    expect(await openAlerts()).toContainEqual(
      expect.objectContaining({ kind: 'payout.nonce', target: `withdrawal:${id}` }),
    );
    // Nothing an operator can retry: the old "dropped" verdict is gone.
    const retried = await call(
      withId(retry, id),
      request('POST', `/operator/withdrawals/${id}/retry`, { token: OPERATOR }),
    );
    expect(retried.status).toBe(409);
    lagReceipts = 0;
    await pass();
    expect(await statusOf(id)).toBe('paid');
    expect(await balanceOf(to)).toBe(parseEther('0.25'));
    expect(await attemptsOf(id)).toEqual([expect.objectContaining({ status: 'paid' })]);
    expect((await openAlerts()).map((a) => a.target)).not.toContain(`withdrawal:${id}`);
    expect(await checkLedger()).toEqual([]);
  });

  it('a transfer stuck in the pool is replaced at +12.5 % fees; the replacement is mined, the first never', async () => {
    await minerStop();
    const { id, to } = await withdrawal('0.1');
    await pass();
    expect((await sentOf(id)).map((t) => t.status)).toEqual(['sent']);
    // Unconfirmed for as many blocks as allowed (none here: the miner is held).
    mutable.PAYOUT_BUMP_BLOCKS = 0;
    await pass();
    const sent = await sentOf(id);
    expect(sent.map((t) => [t.kind, t.status])).toEqual([
      ['transfer', 'sent'],
      ['transfer', 'sent'],
    ]);
    const [first, second] = sent.map((t) => parseTransaction(t.raw_transaction as Hex));
    expect(second!.nonce).toBe(first!.nonce);
    expect(second!.to).toBe(first!.to);
    expect(second!.value).toBe(first!.value);
    expect(second!.maxFeePerGas! * BigInt(1000)).toBeGreaterThanOrEqual(
      first!.maxFeePerGas! * BigInt(1125),
    );
    expect(second!.maxPriorityFeePerGas! * BigInt(1000)).toBeGreaterThanOrEqual(
      first!.maxPriorityFeePerGas! * BigInt(1125),
    );
    await minerStart();
    await node.test.mine({ blocks: 2 });
    mutable.PAYOUT_BUMP_BLOCKS = 5;
    await pass();
    expect(await statusOf(id)).toBe('paid');
    expect(await balanceOf(to)).toBe(parseEther('0.1'));
    expect(
      await node.publicClient
        .getTransactionReceipt({ hash: sent[0]!.tx_hash as Hex })
        .catch(() => null),
    ).toBeNull();
    const [paid] = await rows(
      `SELECT meta->>'txHash' AS hash FROM ledger_transactions WHERE scope = 'payout' AND key = $1`,
      [id],
    );
    expect(paid!.hash).toBe(sent[1]!.tx_hash);
  });

  it('re-broadcasts keep the count from the first broadcast: the replacement comes when due', async () => {
    await minerStop();
    const { id } = await withdrawal('0.1');
    await pass();
    const head = await node.publicClient.getBlockNumber();
    // As if it went out three blocks ago.
    await rows(
      `UPDATE payout_transactions SET sent_block = $2 WHERE payout_id IN
         (SELECT id FROM payouts WHERE withdrawal_id = $1)`,
      [id, String(head - BigInt(3))],
    );
    mutable.PAYOUT_BUMP_BLOCKS = 4;
    await pass();
    const kept = await rows(
      `SELECT s.sent_block::text AS b FROM payout_transactions s JOIN payouts p ON p.id = s.payout_id
       WHERE p.withdrawal_id = $1`,
      [id],
    );
    expect(kept.map((k) => k.b)).toEqual([String(head - BigInt(3))]);
    mutable.PAYOUT_BUMP_BLOCKS = 3;
    await pass();
    expect((await sentOf(id)).map((t) => t.status)).toEqual(['sent', 'sent']);
  });

  it('a replacement stored but never broadcast (the process stopped) goes out on the next pass', async () => {
    await minerStop();
    const { id, to } = await withdrawal('0.1');
    await pass();
    const [first] = await sentOf(id);
    const t = parseTransaction(first!.raw_transaction as Hex);
    const replacement = await second.signTransaction({
      type: 'eip1559',
      chainId: t.chainId!,
      nonce: t.nonce!,
      gas: t.gas!,
      maxFeePerGas: (t.maxFeePerGas! * BigInt(6)) / BigInt(5),
      maxPriorityFeePerGas: (t.maxPriorityFeePerGas! * BigInt(6)) / BigInt(5),
      to: t.to!,
      value: t.value!,
    });
    await rows(
      `INSERT INTO payout_transactions (payout_id, kind, raw_transaction, tx_hash, status)
       SELECT id, 'transfer', $2, $3, 'signed' FROM payouts WHERE withdrawal_id = $1`,
      [id, replacement, keccak256(replacement)],
    );
    await pass();
    expect((await sentOf(id)).map((s) => s.status)).toEqual(['sent', 'sent']);
    await minerStart();
    await node.test.mine({ blocks: 2 });
    await pass();
    expect(await statusOf(id)).toBe('paid');
    expect(await balanceOf(to)).toBe(parseEther('0.1'));
    const [paid] = await rows(
      `SELECT meta->>'txHash' AS hash FROM ledger_transactions WHERE scope = 'payout' AND key = $1`,
      [id],
    );
    expect(paid!.hash).toBe(keccak256(replacement));
  });

  it('a replacement at +1 % is refused by the node, recorded once, and the pass does not loop', async () => {
    await minerStop();
    const { id, to } = await withdrawal('0.1');
    await pass();
    mutable.PAYOUT_BUMP_BLOCKS = 0;
    for (let i = 0; i < 3; i += 1) await pass({ bumpPercent: 1 });
    expect((await sentOf(id)).map((t) => [t.kind, t.status])).toEqual([
      ['transfer', 'sent'],
      ['transfer', 'refused'],
    ]);
    await minerStart();
    await node.test.mine({ blocks: 2 });
    await pass();
    expect(await statusOf(id)).toBe('paid');
    expect(await balanceOf(to)).toBe(parseEther('0.1'));
  });

  it('a payout reverted on chain fails; the retry signs with a new nonce and pays once', async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    // The node's estimate is short: the token transfer runs out of gas in its block.
    gasAnswer = BigInt(24_000);
    const { id, userId } = await approvedWithdrawal({
      email: 'reverted@example.com',
      currency: 'USDT',
      network: 'ethereum',
      funded: parseUnits('100', 6),
      amount: '40',
      to,
      operatorToken: OPERATOR,
    });
    await pass();
    await node.test.mine({ blocks: 1 });
    await pass();
    expect(await statusOf(id)).toBe('failed');
    expect(await rows('SELECT reason FROM withdrawals WHERE id = $1', [id])).toEqual([
      { reason: 'reverted' },
    ]);
    expect(await rows('SELECT status, error FROM payouts WHERE withdrawal_id = $1', [id])).toEqual([
      { status: 'failed', error: 'reverted' },
    ]);
    await retriedAndPaid(id);
    const tokens = await node.publicClient.readContract({
      address: usdt,
      abi: contracts.TestToken.abi,
      functionName: 'balanceOf',
      args: [to],
    });
    expect(tokens).toBe(parseUnits('40', 6));
    expect(await heldOf(userId, 'USDT')).toBe('0');
  });

  it('released while its transfer is in the pool: the cancel is mined first, the hold comes back', async () => {
    await minerStop();
    const { id, to, userId } = await withdrawal('0.2');
    await pass();
    const asked = await releaseOf(id);
    expect(asked.data).toMatchObject({ status: 'approved', release: 'cancelling' });
    expect((await releaseOf(id)).status).toBe(409);
    await pass();
    expect((await sentOf(id)).map((t) => t.kind)).toEqual(['transfer', 'cancel']);
    await minerStart();
    await node.test.mine({ blocks: 2 });
    await pass();
    expect(await statusOf(id)).toBe('rejected');
    expect(await attemptsOf(id)).toEqual([expect.objectContaining({ status: 'cancelled' })]);
    expect(await heldOf(userId)).toBe('0');
    expect(await balanceOf(to)).toBe(BigInt(0));
    expect(await checkLedger()).toEqual([]);
  });

  it('released while its transfer is in the pool, but the transfer is mined first: paid, never released', async () => {
    await minerStop();
    const { id, to, userId } = await withdrawal('0.2');
    await pass();
    // The transfer's block comes before the release, one confirmation short of paid.
    await node.test.mine({ blocks: 1 });
    await minerStart();
    expect((await releaseOf(id)).data).toMatchObject({ release: 'cancelling' });
    await pass();
    expect((await sentOf(id)).map((t) => t.kind)).toEqual(['transfer']);
    await node.test.mine({ blocks: 1 });
    await pass();
    expect(await statusOf(id)).toBe('paid');
    expect(await balanceOf(to)).toBe(parseEther('0.2'));
    expect(await heldOf(userId)).toBe('0');
    const released = await rows(
      `SELECT count(*)::int AS n FROM ledger_transactions WHERE scope = 'withdrawal-release' AND key = $1`,
      [id],
    );
    expect(released[0]!.n).toBe(0);
    expect(await checkLedger()).toEqual([]);
  });

  it('released after its transfer reverted in a block, before its confirmations: the hold comes back', async () => {
    gasAnswer = BigInt(24_000);
    const { id, userId } = await approvedWithdrawal({
      email: 'reverted-released@example.com',
      currency: 'USDT',
      network: 'ethereum',
      funded: parseUnits('100', 6),
      amount: '30',
      to: privateKeyToAccount(generatePrivateKey()).address,
      operatorToken: OPERATOR,
    });
    await pass();
    // Mined (and reverted) at once, one confirmation of two: the release is asked now.
    expect((await releaseOf(id)).data).toMatchObject({ release: 'cancelling' });
    await pass();
    expect((await sentOf(id)).map((t) => t.kind)).toEqual(['transfer']);
    await node.test.mine({ blocks: 1 });
    await pass();
    expect(await statusOf(id)).toBe('rejected');
    expect(await attemptsOf(id)).toEqual([expect.objectContaining({ status: 'failed' })]);
    expect(await heldOf(userId, 'USDT')).toBe('0');
    expect((await openAlerts()).map((a) => a.target)).not.toContain(`withdrawal:${id}`);
    expect(await checkLedger()).toEqual([]);
  });

  it('an approved withdrawal with nothing on chain is released at once', async () => {
    // The hot wallet cannot cover it: approved, nothing signed.
    const { id, userId } = await withdrawal('0.5');
    await node.test.setBalance({ address: second.address, value: parseEther('0.1') });
    await pass();
    expect(await attemptsOf(id)).toEqual([]);
    expect((await releaseOf(id)).data).toMatchObject({ status: 'rejected', release: 'done' });
    expect(await heldOf(userId)).toBe('0');
    await node.test.setBalance({ address: second.address, value: parseEther('1000') });
  });

  it('a foreign transaction at our nonce raises a critical alert and changes nothing', async () => {
    await minerStop();
    const { id, to } = await withdrawal('0.3');
    await pass();
    const [ours] = await sentOf(id);
    const mine = parseTransaction(ours!.raw_transaction as Hex);
    // Someone else holding the hot key signs the same nonce at higher fees: the node keeps theirs.
    const theirs = await second.signTransaction({
      type: 'eip1559',
      chainId: mine.chainId!,
      nonce: mine.nonce!,
      gas: BigInt(21_000),
      maxFeePerGas: mine.maxFeePerGas! * BigInt(2),
      maxPriorityFeePerGas: mine.maxPriorityFeePerGas! * BigInt(2),
      to: getAddress(privateKeyToAccount(generatePrivateKey()).address),
      value: BigInt(1),
    });
    await node.publicClient.sendRawTransaction({ serializedTransaction: theirs });
    await minerStart();
    await node.test.mine({ blocks: 2 });
    await pass();
    await pass();
    expect(await statusOf(id)).toBe('approved');
    expect(await attemptsOf(id)).toEqual([expect.objectContaining({ status: 'live' })]);
    expect(await balanceOf(to)).toBe(BigInt(0));
    const raised = (await openAlerts()).filter((a) => a.target === `withdrawal:${id}`);
    expect(raised).toEqual([
      expect.objectContaining({
        kind: 'payout.nonce',
        message: `CRITICAL: nonce ${mine.nonce} of hot wallet ${second.address} on ethereum was used by a transaction the platform did not sign for this withdrawal; nothing was changed`,
        details: {
          network: 'ethereum',
          signer: second.address,
          nonce: mine.nonce,
          ours: [ours!.tx_hash],
        },
      }),
    ]);
    // A person looked: the retry, checked on the chain again, ends that attempt and opens another.
    await retriedAndPaid(id);
    expect(await balanceOf(to)).toBe(parseEther('0.3'));
    expect((await openAlerts()).map((a) => a.target)).not.toContain(`withdrawal:${id}`);
  });

  it('a retry of an approved withdrawal whose payout can still pay is refused', async () => {
    await minerStop();
    const { id } = await withdrawal('0.01');
    await pass();
    const retried = await call(
      withId(retry, id),
      request('POST', `/operator/withdrawals/${id}/retry`, { token: OPERATOR }),
    );
    expect(retried.status).toBe(409);
    await minerStart();
    await node.test.mine({ blocks: 2 });
    await pass();
    expect(await statusOf(id)).toBe('paid');
  });

  it('ledger:check --chain matches every mined payout to one withdrawal; finds a double payout, a transfer the books do not match, an unrecorded cancel', async () => {
    const clean = await checkChains();
    // The foreign transaction of the test above is the one thing it lists so far.
    expect(clean.mismatches.map((m) => m.rule)).toEqual(['foreign transaction']);
    expect(clean.balances.join('\n')).toMatch(/ETH/);
    const { id, to } = await withdrawal('0.05');
    await pass();
    await node.test.mine({ blocks: 1 });
    await pass();
    expect(await statusOf(id)).toBe('paid');
    // Seeded: the same transfer signed again under a second attempt at the next nonce, and mined.
    const [paid] = await sentOf(id);
    await seedDoublePayout(node.publicClient, second, id, paid!.raw_transaction as Hex);
    await node.test.mine({ blocks: 1 });
    expect(await balanceOf(to)).toBe(parseEther('0.1'));
    const found = await checkChains();
    expect(found.mismatches).toContainEqual({
      rule: 'paid twice',
      detail: expect.stringContaining(`withdrawal ${id}`),
    });
    const rulesFor = async (rule: string) =>
      (await checkChains()).mismatches.filter((m) => m.rule === rule).map((m) => m.detail);
    expect(await rulesFor('transfer differs')).toEqual([]);
    // The books name another address than the one its two transfers paid.
    const [booked] = await rows('SELECT address FROM withdrawals WHERE id = $1', [id]);
    const elsewhere = privateKeyToAccount(generatePrivateKey()).address;
    await rows('UPDATE withdrawals SET address = $2 WHERE id = $1', [id, elsewhere]);
    try {
      expect(await rulesFor('transfer differs')).toEqual([
        expect.stringContaining(`is not a transfer of withdrawal ${id}'s amount to its address`),
        expect.stringContaining(`is not a transfer of withdrawal ${id}'s amount to its address`),
      ]);
    } finally {
      await rows('UPDATE withdrawals SET address = $2 WHERE id = $1', [id, booked!.address]);
    }
    expect(await rulesFor('transfer differs')).toEqual([]);
    // A mined cancel whose attempt the books do not show as cancelled.
    const [cancelled] = await rows(
      `SELECT p.id, s.tx_hash FROM payouts p JOIN payout_transactions s ON s.payout_id = p.id
       WHERE p.status = 'cancelled' AND s.kind = 'cancel'`,
    );
    await rows(`UPDATE payouts SET status = 'failed' WHERE id = $1`, [cancelled!.id]);
    try {
      expect(await rulesFor('cancel not recorded')).toEqual([
        expect.stringContaining(`cancel ${cancelled!.tx_hash} mined, attempt failed`),
      ]);
    } finally {
      await rows(`UPDATE payouts SET status = 'cancelled' WHERE id = $1`, [cancelled!.id]);
    }
    expect(await rulesFor('cancel not recorded')).toEqual([]);
  });

  it('a pair nothing pays is neither offered nor taken', async () => {
    const listed = await call<Array<{ currency: string; network: string }>>(
      options,
      request('GET', '/wallet/withdrawal-options'),
    );
    const pairs = listed.data!.map((o) => `${o.currency}/${o.network}`);
    expect(pairs).toEqual(expect.arrayContaining(['ETH/ethereum', 'USDT/ethereum']));
    // LINK is carried by Ethereum but the hot wallet holds no LINK contract; Bitcoin has no custodian.
    expect(pairs).not.toContain('LINK/ethereum');
    expect(pairs).not.toContain('USDC/ethereum');
    expect(pairs).not.toContain('BTC/bitcoin');
    const userId = (await createPlayer({ email: 'link@example.com', status: 'active' })).id;
    await fund(userId, 'LINK', parseUnits('10', 8));
    const asked = await call(
      withdraw,
      request('POST', '/wallet/withdrawals', {
        token: (await createSession(userId)).token,
        body: {
          currency: 'LINK',
          network: 'ethereum',
          address: privateKeyToAccount(generatePrivateKey()).address,
          amount: '5',
          idempotencyKey: 'link-once',
        },
      }),
    );
    expect(asked).toMatchObject({ status: 503, code: 'WITHDRAWALS_UNAVAILABLE' });
    expect(asked.error?.message).toMatch(/not available/);
  });

  // Last: it spends two nonces of the hot wallet that no payout owns.
  it('ledger:check --chain lists a transaction the hot key signed outside the payouts, and what it moved', async () => {
    const nonce = await node.publicClient.getTransactionCount({ address: second.address });
    const chainId = await node.publicClient.getChainId();
    const gasPrice = await node.publicClient.getGasPrice();
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    await mintTokens(node, usdt, second.address, parseUnits('10', 6));
    const coin = await second.signTransaction({
      type: 'legacy',
      chainId,
      nonce,
      gas: BigInt(21_000),
      gasPrice,
      to: stranger,
      value: BigInt(1),
    });
    const token = await second.signTransaction({
      type: 'legacy',
      chainId,
      nonce: nonce + 1,
      gas: BigInt(100_000),
      gasPrice,
      to: usdt,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [stranger, parseUnits('2.5', 6)],
      }),
    });
    const blocks: bigint[] = [];
    for (const raw of [coin, token]) {
      const hash = await node.publicClient.sendRawTransaction({ serializedTransaction: raw });
      await node.test.mine({ blocks: 1 });
      blocks.push((await node.publicClient.getTransactionReceipt({ hash })).blockNumber);
    }
    const where = `ethereum ${second.address}`;
    const { mismatches } = await checkChains();
    expect(mismatches).toContainEqual({
      rule: 'foreign transaction',
      detail: `${where} nonce ${nonce}: not signed for a payout (${keccak256(coin)} in block ${blocks[0]}: 0.000000000000000001 ETH to ${stranger})`,
    });
    expect(mismatches).toContainEqual({
      rule: 'foreign transaction',
      detail: `${where} nonce ${nonce + 1}: not signed for a payout (${keccak256(token)} in block ${blocks[1]}: 2.5 USDT to ${stranger})`,
    });
  });
});
