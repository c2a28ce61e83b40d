/**
 * The local demo's chain (issue 35) on a real Ganache set up as `npm start` sets it up: the test
 * tokens deployed by the funder, the site watching it. The faucet answers only with DEV_CHAIN, a
 * localhost site and a caller on this machine; what it sends is credited like any deposit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { erc20Abi, getAddress, parseEther, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { GET as depositAddressRoute } from '@/app/api/v1/wallet/deposit-address/route';
import { GET as depositOptionsRoute } from '@/app/api/v1/wallet/deposit-options/route';
import { POST as testDepositRoute } from '@/app/api/v1/wallet/test-deposit/route';
import { GET as withdrawalOptionsRoute } from '@/app/api/v1/wallet/withdrawal-options/route';
import { config } from '@/lib/config';
import type { DepositAddress, DepositOption, TestDeposit } from '@/lib/schemas/wallet';
import { createSession } from '@/lib/server/auth/session';
import { closeDb, getDb } from '@/lib/server/db';
import { staff } from '@/lib/server/db/schema';
import { createPlayer } from '@/lib/server/players/store';
import { ensureDemoAdmin } from '@/lib/server/staff/demo-admin';
import { balancesOf } from '@/lib/server/wallet/balances';
import { evmChain } from '@/lib/server/wallet/chains';
import { scanChain } from '@/lib/server/wallet/evm-watcher';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { startNode, type LocalNode } from '../../scripts/chain/node';
import { setUpTokens } from '../../scripts/chain/setup';
import { siteEnv, TOKENS } from '../../scripts/chain/tokens';
import { call, freshIp, request } from './helpers/api';
import { testPort } from './helpers/ports';

jest.setTimeout(60_000);

const mutable = config as Record<string, unknown>;
const LOOPBACK = '127.0.0.1';
let node: LocalNode;

beforeAll(async () => {
  node = await startNode({ port: testPort(8566) });
  await setUpTokens(node);
  const env = siteEnv(Number(new URL(node.url).port));
  mutable.EVM_RPC_URL_ETHEREUM = env.EVM_RPC_URL_ETHEREUM;
  mutable.EVM_TOKENS_ETHEREUM = env.EVM_TOKENS_ETHEREUM;
  mutable.EVM_CONFIRMATIONS_ETHEREUM = 3;
  mutable.WITHDRAWAL_SIGNER_KEY = env.WITHDRAWAL_SIGNER_KEY;
  mutable.DEV_CHAIN = true;
  mutable.SITE_URL = 'http://localhost:3000';
});

afterAll(async () => {
  mutable.EVM_RPC_URL_ETHEREUM = undefined;
  mutable.EVM_TOKENS_ETHEREUM = undefined;
  mutable.WITHDRAWAL_SIGNER_KEY = undefined;
  mutable.DEV_CHAIN = false;
  await node?.stop();
  await closeDb();
});

let n = 0;
async function player() {
  const email = `demo${(n += 1)}@example.com`;
  const userId = (await createPlayer({ email, status: 'active' })).id;
  return { userId, token: (await createSession(userId)).token };
}

const address = (token: string, currency: string, ip: string) =>
  call<DepositAddress>(
    depositAddressRoute,
    request('GET', `/wallet/deposit-address?currency=${currency}&network=ethereum`, { token, ip }),
  );

const testDeposit = (currency: string, { token, ip }: { token?: string; ip: string }) =>
  call<TestDeposit>(
    testDepositRoute,
    request('POST', '/wallet/test-deposit', { token, ip, body: { currency } }),
  );

const balance = async (userId: string, currency: string) =>
  Number((await balancesOf(userId)).find((b) => b.currency === currency)?.amount ?? 0);

/** Confirms what was sent: three blocks on top, then the watcher's pass. */
async function confirm() {
  await node.test.mine({ blocks: 3 });
  await scanChain(evmChain('ethereum')!);
}

describe('the demo chain is a test chain wherever it is named', () => {
  it('marks its deposit and withdrawal options, and offers the button to this machine only', async () => {
    const options = await call<DepositOption[]>(
      depositOptionsRoute,
      request('GET', '/wallet/deposit-options'),
    );
    const onEthereum = options.data!.filter((o) => o.network === 'ethereum');
    expect(onEthereum.map((o) => o.currency).sort()).toEqual(['ETH', 'USDC', 'USDT']);
    expect(onEthereum.every((o) => o.testChain === true)).toBe(true);
    const withdrawals = await call<{ network: string; testChain?: true }[]>(
      withdrawalOptionsRoute,
      request('GET', '/wallet/withdrawal-options'),
    );
    const ethereum = withdrawals.data!.filter((o) => o.network === 'ethereum');
    expect(ethereum.length).toBeGreaterThan(0);
    expect(ethereum.every((o) => o.testChain === true)).toBe(true);

    const { token } = await player();
    const here = await address(token, 'USDT', LOOPBACK);
    expect(here.data).toMatchObject({ testChain: true, testDeposit: true });
    const elsewhere = await address(token, 'USDT', freshIp());
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.data!.testDeposit).toBeUndefined();
  });
});

describe('a test deposit', () => {
  it('is sent to the player’s own address and credited once confirmed, like any deposit', async () => {
    const { userId, token } = await player();
    const mine = getAddress((await address(token, 'USDT', LOOPBACK)).data!.address);
    const sent = await testDeposit('USDT', { token, ip: LOOPBACK });
    expect(sent.status).toBe(200);
    expect(sent.data).toMatchObject({ currency: 'USDT', amount: '500' });
    expect(getAddress(sent.data!.address)).toBe(mine);
    const eth = await testDeposit('ETH', { token, ip: LOOPBACK });
    expect(eth.data).toMatchObject({ currency: 'ETH', amount: '0.5' });
    // Seen but not yet confirmed: nothing credited.
    await scanChain(evmChain('ethereum')!);
    expect(await balance(userId, 'USDT')).toBe(0);
    await confirm();
    expect(await balance(userId, 'USDT')).toBe(500);
    expect(await balance(userId, 'ETH')).toBe(0.5);
    // Another pass credits nothing twice.
    await confirm();
    expect(await balance(userId, 'USDT')).toBe(500);
    expect(await checkLedger()).toEqual([]);
  });

  it('pressed several times at once, sends each (one funder nonce per send)', async () => {
    const { userId, token } = await player();
    const sends = await Promise.all(
      [0, 1, 2, 3].map(() => testDeposit('USDC', { token, ip: LOOPBACK })),
    );
    expect(sends.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(sends.map((s) => s.data!.txHash)).size).toBe(4);
    await confirm();
    expect(await balance(userId, 'USDC')).toBe(2000);
  });

  it('does not exist for a caller on another machine, signed in or not', async () => {
    const { userId, token } = await player();
    for (const caller of [{ token, ip: freshIp() }, { ip: freshIp() }]) {
      const refused = await testDeposit('ETH', caller);
      expect(refused.status).toBe(404);
      expect(refused.code).toBe('NOT_FOUND');
    }
    await confirm();
    expect(await balance(userId, 'ETH')).toBe(0);
  });

  it('needs a session on this machine, and a currency the funder sends', async () => {
    expect((await testDeposit('ETH', { ip: LOOPBACK })).status).toBe(401);
    const { token } = await player();
    const wrong = await testDeposit('BTC', { token, ip: LOOPBACK });
    expect(wrong.status).toBe(400);
    expect(wrong.code).toBe('VALIDATION_ERROR');
  });

  it('does not exist without DEV_CHAIN, or on a site that is not localhost', async () => {
    const { token } = await player();
    try {
      mutable.DEV_CHAIN = false;
      expect((await testDeposit('ETH', { token, ip: LOOPBACK })).status).toBe(404);
      expect((await address(token, 'ETH', LOOPBACK)).data!.testDeposit).toBeUndefined();
      mutable.DEV_CHAIN = true;
      mutable.SITE_URL = 'https://casino.example';
      expect((await testDeposit('ETH', { token, ip: LOOPBACK })).status).toBe(404);
    } finally {
      mutable.DEV_CHAIN = true;
      mutable.SITE_URL = 'http://localhost:3000';
    }
  });
});

describe('the demo admin', () => {
  const lower = (email: string) => sql`lower(${staff.email}) = ${email}`;

  it('is made once at start with the secret npm start printed, and only in the demo', async () => {
    const db = await getDb();
    Object.assign(mutable, {
      DEMO_ADMIN_EMAIL: 'admin@example.com',
      DEMO_ADMIN_PASSWORD: 'demo-password-123',
      DEMO_ADMIN_TOTP_SECRET: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    });
    try {
      mutable.DEV_CHAIN = false;
      expect(await ensureDemoAdmin()).toBe('off');
      expect(await db.select().from(staff).where(lower('admin@example.com'))).toHaveLength(0);
      mutable.DEV_CHAIN = true;
      expect(await ensureDemoAdmin()).toBe('made');
      expect(await ensureDemoAdmin()).toBe('kept');
      const rows = await db.select().from(staff).where(eq(staff.role, 'admin'));
      expect(rows.filter((r) => r.email === 'admin@example.com')).toHaveLength(1);
    } finally {
      Object.assign(mutable, {
        DEMO_ADMIN_EMAIL: undefined,
        DEMO_ADMIN_PASSWORD: undefined,
        DEMO_ADMIN_TOTP_SECRET: undefined,
        DEV_CHAIN: true,
      });
    }
  });
});

describe('the demo chain’s data directory', () => {
  it('keeps the tokens, the hot wallet’s float and every balance across a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'demo-chain-'));
    const port = testPort(8567);
    const someone = privateKeyToAccount(generatePrivateKey()).address;
    const usdt = TOKENS.find((t) => t.symbol === 'USDT')!;
    try {
      const first = await startNode({ port, dbPath: dir });
      expect(await setUpTokens(first)).toBe('deployed');
      const hash = await first.wallet.sendTransaction({ to: someone, value: parseEther('0.25') });
      await first.publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
      const height = await first.publicClient.getBlockNumber();
      await first.stop();

      const again = await startNode({ port, dbPath: dir });
      try {
        expect(await setUpTokens(again)).toBe('kept');
        expect(await again.publicClient.getBlockNumber()).toBe(height);
        expect(await again.publicClient.getBalance({ address: someone })).toBe(parseEther('0.25'));
        const float = await again.publicClient.readContract({
          address: usdt.address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [siteHotWallet()],
        });
        expect(float).toBe(parseUnits('1000000', usdt.decimals));
      } finally {
        await again.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The hot wallet the site pays from (its key is what siteEnv hands the site). */
function siteHotWallet() {
  const key = siteEnv(0).WITHDRAWAL_SIGNER_KEY as `0x${string}`;
  return privateKeyToAccount(key).address;
}
