/**
 * The process paying out is killed (SIGKILL) right after its broadcast and started again: the
 * withdrawal is paid once, by the one transaction signed before the broadcast. Then
 * `ledger:check -- --chain`, a process of its own on the same database and chain, agrees — until a
 * double payout is seeded.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseUnits, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { config } from '@/lib/config';
import { approveWithdrawal } from '@/lib/server/operator/withdrawals';
import { closeDb, getDbHandle } from '@/lib/server/db';
import { createPlayer, findPlayer } from '@/lib/server/players/store';
import { requestWithdrawal } from '@/lib/server/wallet/withdrawals';
import { second, startNode, type LocalNode } from '../../scripts/chain/node';
import { seedDoublePayout } from './helpers/double-payout';
import { fund } from './helpers/wallet';

jest.setTimeout(120_000);

const mutable = config as Record<string, unknown>;
const SIGNER_KEY = '0x6cbed15c793ce57650b9877cf6fa156fbef513c4e6134f022a85b1ffdd59b2a1';
const dataDir = mkdtempSync(path.join(tmpdir(), 'payout-kill-'));
let node: LocalNode;

beforeAll(async () => {
  node = await startNode({ port: 8563 });
  mutable.PGLITE_DATA_DIR = dataDir;
  // A withdrawal is taken only for a pair something pays: the hot wallet on this chain.
  mutable.EVM_RPC_URL_ETHEREUM = node.url;
  mutable.WITHDRAWAL_SIGNER_KEY = SIGNER_KEY;
});
afterAll(async () => {
  await closeDb();
  await node?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The environment of a child process: the same embedded database, chain and hot wallet. */
const childEnv = (): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  PGLITE_DATA_DIR: dataDir,
  EVM_RPC_URL_ETHEREUM: node.url,
  EVM_CONFIRMATIONS_ETHEREUM: '2',
  WITHDRAWAL_SIGNER_KEY: SIGNER_KEY,
});

/** `npm run ledger:check -- --chain` in a child process: its exit code and what it printed. */
function ledgerCheck(): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', 'scripts/ledger-check.mts', '--chain'],
      { stdio: ['ignore', 'pipe', 'pipe'], env: childEnv() },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** One payout pass in a child process; resolves to how it ended (exit code, or the signal). */
function passInChild(kill: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', 'test/fixtures/payout-pass.mts'],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...childEnv(), KILL_AFTER_BROADCAST: kill ? '1' : '0' },
      },
    );
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(signal ?? `exit ${code}`));
  });
}

it('a payout process killed right after the broadcast, started again: paid once', async () => {
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const userId = (await createPlayer({ email: 'killed@example.com', status: 'active' })).id;
  await fund(userId, 'ETH', parseUnits('1', 8));
  const made = await requestWithdrawal((await findPlayer('id', userId))!, {
    currency: 'ETH',
    network: 'ethereum',
    address: recipient,
    amount: '0.3',
    idempotencyKey: 'killed-once',
  });
  await approveWithdrawal({ id: 'token:automation', role: 'admin' }, made.id);
  // The child processes open the same embedded database: this one lets go of it first.
  await closeDb();
  const nonceBefore = await node.publicClient.getTransactionCount({ address: second.address });

  expect(await passInChild(true)).toBe('SIGKILL');
  expect(await node.publicClient.getBalance({ address: recipient })).toBe(parseUnits('0.3', 18));
  await node.test.mine({ blocks: 2 });
  expect(await passInChild(false)).toBe('exit 0');

  const { sql } = await getDbHandle();
  const { rows: payouts } = await sql('SELECT status FROM payouts WHERE withdrawal_id = $1', [
    made.id,
  ]);
  expect(payouts.map((p) => p.status)).toEqual(['paid']);
  const { rows: w } = await sql('SELECT status FROM withdrawals WHERE id = $1', [made.id]);
  expect(w[0]?.status).toBe('paid');
  expect(await node.publicClient.getBalance({ address: recipient })).toBe(parseUnits('0.3', 18));
  expect(await node.publicClient.getTransactionCount({ address: second.address })).toBe(
    nonceBefore + 1,
  );
});

it('ledger:check -- --chain exits 0 while every mined payout matches, 1 on a double payout', async () => {
  // The check is a process of its own: this one lets go of the embedded database first.
  await closeDb();
  const clean = await ledgerCheck();
  expect(clean.out).toContain('chain: every mined payout matches one withdrawal');
  expect(clean.code).toBe(0);
  // Seeded: the paid withdrawal's transfer signed again at the next nonce, stored, and mined.
  const { sql } = await getDbHandle();
  const { rows } = await sql(
    `SELECT p.withdrawal_id, s.raw_transaction FROM payouts p
     JOIN payout_transactions s ON s.payout_id = p.id WHERE p.status = 'paid'`,
  );
  const paid = rows[0]!;
  await seedDoublePayout(
    node.publicClient,
    second,
    String(paid.withdrawal_id),
    paid.raw_transaction as Hex,
  );
  await node.test.mine({ blocks: 1 });
  await closeDb();
  const found = await ledgerCheck();
  expect(found.code).toBe(1);
  expect(found.out).toContain(`chain: paid twice: withdrawal ${paid.withdrawal_id}`);
});
