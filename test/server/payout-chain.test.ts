/**
 * The hot wallet signs only on the chain its network's payouts began on: another node at the same
 * address — same chain id, same accounts, the token at the same address, as two local chains are —
 * is refused with a critical alert, and nothing moves there.
 */
import { parseUnits, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { config } from '@/lib/config';
import { closeDb, getDbHandle } from '@/lib/server/db';
import { drainJobs } from '@/lib/server/jobs';
import { raiseAlert } from '@/lib/server/operator/alerts';
import { evmChain } from '@/lib/server/wallet/chains';
import { runPayouts } from '@/lib/server/wallet/payouts';
import { contracts, second, startNode, type LocalNode } from '../../scripts/chain/node';
import { mintTokens } from './helpers/ganache';
import { testPort } from './helpers/ports';
import { approvedWithdrawal, hotWalletOnEthereum, liftWithdrawalCaps } from './helpers/wallet';

jest.setTimeout(90_000);

const mutable = config as Record<string, unknown>;
const OPERATOR = 'operator-token-for-the-chain-tests-0123456789';
let first: LocalNode;
let other: LocalNode;
let usdt: Address;
let restoreHotWallet: (() => void) | undefined;

/** A node with the test USDT deployed first (so at the same address on both) and the hot wallet funded. */
async function chainWithUsdt(port: number) {
  const node = await startNode({ port: testPort(port) });
  const token = await node.deploy('TestToken', ['Tether USD', 'USDT', 6]);
  await mintTokens(node, token, second.address, parseUnits('1000', 6));
  return { node, token };
}

beforeAll(async () => {
  // One after the other: Ganache's genesis block is a function of its start time (to the second)
  // and its options, so two nodes started in the same second are the same chain to this check.
  const a = await chainWithUsdt(8569);
  const b = await chainWithUsdt(8570);
  first = a.node;
  other = b.node;
  expect(b.token).toBe(a.token);
  const genesis = (node: LocalNode) => node.publicClient.getBlock({ blockNumber: BigInt(0) });
  expect((await genesis(b.node)).hash).not.toBe((await genesis(a.node)).hash);
  usdt = a.token;
  restoreHotWallet = hotWalletOnEthereum(first.url);
  mutable.EVM_CONFIRMATIONS_ETHEREUM = 1;
  mutable.EVM_TOKENS_ETHEREUM = `USDT=${usdt}:6`;
  mutable.OPERATOR_TOKEN = OPERATOR;
  await liftWithdrawalCaps();
});

afterAll(async () => {
  restoreHotWallet?.();
  mutable.OPERATOR_TOKEN = undefined;
  await Promise.all([first?.stop(), other?.stop()]);
  await closeDb();
});

const pass = async () => {
  const more = await runPayouts(evmChain('ethereum')!);
  await drainJobs();
  return more;
};

const balanceOn = (node: LocalNode, owner: Address) =>
  node.publicClient.readContract({
    address: usdt,
    abi: contracts.TestToken.abi,
    functionName: 'balanceOf',
    args: [owner],
  });

async function rows(text: string, params: unknown[] = []) {
  return (await (await getDbHandle()).sql(text, params)).rows;
}

let n = 0;
async function withdrawalTo(to: Address) {
  return approvedWithdrawal({
    email: `chain${(n += 1)}@example.com`,
    currency: 'USDT',
    network: 'ethereum',
    funded: parseUnits('100', 6),
    amount: '10',
    to,
    operatorToken: OPERATOR,
  });
}
const recipient = () => privateKeyToAccount(generatePrivateKey()).address;
const openAlerts = () =>
  rows(`SELECT message FROM operator_alerts WHERE kind = 'payout.chain' AND resolved_at IS NULL`);

it('pays on the chain it began on, refuses another node at the same address, and pays again once the first is back', async () => {
  // The first pass records the chain by its genesis block and pays.
  const paidThere = recipient();
  await withdrawalTo(paidThere);
  await pass();
  expect(await balanceOn(first, paidThere)).toBe(parseUnits('10', 6));
  const [known] = await rows('SELECT chain_id, genesis_hash FROM payout_chains');
  const genesis = await first.publicClient.getBlock({ blockNumber: BigInt(0) });
  expect(known).toEqual({ chain_id: 1337, genesis_hash: genesis.hash });

  // Another chain answers at the address: same id, same hot wallet, the token at the same address.
  mutable.EVM_RPC_URL_ETHEREUM = other.url;
  const waiting = recipient();
  const { id } = await withdrawalTo(waiting);
  expect(await pass()).toBe(true);
  expect(await pass()).toBe(true);
  // Nothing signed there: the hot wallet never sent, the recipient has nothing, no attempt opened.
  expect(await other.publicClient.getTransactionCount({ address: second.address })).toBe(0);
  expect(await balanceOn(other, waiting)).toBe(BigInt(0));
  expect(await rows('SELECT id FROM payouts WHERE withdrawal_id = $1', [id])).toEqual([]);
  const [status] = await rows('SELECT status FROM withdrawals WHERE id = $1', [id]);
  expect(status).toEqual({ status: 'approved' });
  const alerts = await openAlerts();
  expect(alerts).toHaveLength(1);
  expect(alerts[0]!.message).toMatch(
    /^CRITICAL: the node at EVM_RPC_URL_ETHEREUM serves another chain/,
  );
  expect(alerts[0]!.message).toContain(genesis.hash);

  // The right node again: the waiting withdrawal is paid there, and the alert closes.
  mutable.EVM_RPC_URL_ETHEREUM = first.url;
  await pass();
  expect(await balanceOn(first, waiting)).toBe(parseUnits('10', 6));
  expect(await openAlerts()).toEqual([]);
  expect(await first.publicClient.getTransactionCount({ address: second.address })).toBe(2);

  // Raised by another server of the deployment: the next pass on the right chain closes it too.
  await raiseAlert('payout.chain', 'network:ethereum', 'CRITICAL: raised by another server');
  expect(await openAlerts()).toHaveLength(1);
  await withdrawalTo(recipient());
  await pass();
  expect(await openAlerts()).toEqual([]);
});
