/**
 * Deposits on a real local EVM node (Ganache, started here): addresses from the deposit key, the
 * watcher's passes, confirmations by mining, a re-org by snapshot and revert.
 */
import { HDKey } from '@scure/bip32';
import { eq } from 'drizzle-orm';
import { getAddress, parseEther, parseUnits, type Address } from 'viem';
import { GET as depositAddressRoute } from '@/app/api/v1/wallet/deposit-address/route';
import { GET as depositOptionsRoute } from '@/app/api/v1/wallet/deposit-options/route';
import { GET as depositsRoute } from '@/app/api/v1/wallet/deposits/route';
import { config } from '@/lib/config';
import type { Deposit, DepositAddress, DepositOption } from '@/lib/schemas/wallet';
import { createSession } from '@/lib/server/auth/session';
import { closeDb, getDb } from '@/lib/server/db';
import { deposits, ledgerTransactions } from '@/lib/server/db/schema';
import { createPlayer } from '@/lib/server/players/store';
import { balancesOf } from '@/lib/server/wallet/balances';
import { evmChain } from '@/lib/server/wallet/chains';
import { devKey, evmAddressAt } from '@/lib/server/wallet/deposit-keys';
import { scanChain } from '@/lib/server/wallet/evm-watcher';
import { checkLedger } from '@/lib/server/wallet/ledger-check';
import { contracts, second, startNode, type LocalNode } from '../../scripts/chain/node';
import { call, request } from './helpers/api';

jest.setTimeout(60_000);

const mutable = config as Record<string, unknown>;
let node: LocalNode;
let usdt: Address;
let usdc18: Address;
let fake: Address;

beforeAll(async () => {
  node = await startNode({ port: 8561 });
  usdt = await node.deploy('TestToken', ['Tether USD', 'USDT', 6]);
  // A token with more on-chain decimals than the ledger keeps (BNB Chain's pegged USDC uses 18).
  usdc18 = await node.deploy('TestToken', ['USD Coin', 'USDC', 18]);
  fake = await node.deploy('FakeTransfer');
  mutable.EVM_RPC_URL_ETHEREUM = node.url;
  mutable.EVM_CONFIRMATIONS_ETHEREUM = 3;
  mutable.EVM_TOKENS_ETHEREUM = `USDT=${usdt}:6,USDC=${usdc18}:18`;
});

afterAll(async () => {
  mutable.EVM_RPC_URL_ETHEREUM = undefined;
  await node?.stop();
  await closeDb();
});

const chain = () => evmChain('ethereum')!;
const scan = () => scanChain(chain());

let n = 0;
async function player() {
  const userId = (await createPlayer({ email: `dep${(n += 1)}@example.com`, status: 'active' })).id;
  const token = (await createSession(userId)).token;
  const answer = await call<DepositAddress>(
    depositAddressRoute,
    request('GET', '/wallet/deposit-address?currency=ETH&network=ethereum', { token }),
  );
  expect(answer.status).toBe(200);
  return { userId, token, address: getAddress(answer.data!.address) };
}

const myDeposits = async (token: string) =>
  (await call<Deposit[]>(depositsRoute, request('GET', '/wallet/deposits', { token }))).data!;

const balance = async (userId: string, currency: string) =>
  (await balancesOf(userId)).find((b) => b.currency === currency)?.amount;

const mint = (to: Address, value: bigint, token = usdt) =>
  node.wallet.writeContract({
    address: token,
    abi: contracts.TestToken.abi,
    functionName: 'mint',
    args: [to, value],
  });

describe('deposit addresses', () => {
  it('gives each player one address, the deposit key’s child at their index', async () => {
    const a = await player();
    const again = await call<DepositAddress>(
      depositAddressRoute,
      request('GET', '/wallet/deposit-address?currency=USDT&network=ethereum', { token: a.token }),
    );
    expect(again.data).toMatchObject({
      address: a.address,
      currency: 'USDT',
      network: 'ethereum',
      confirmations: 3,
      contract: usdt,
      minimum: '1',
    });
    const b = await player();
    expect(b.address).not.toBe(a.address);
    const key = await devKey();
    const derived = [0, 1, 2, 3].map((i) => evmAddressAt(key, i));
    expect(derived).toEqual(expect.arrayContaining([a.address, b.address]));
  });

  it('lists where deposits are taken, and refuses the rest', async () => {
    const options = await call<DepositOption[]>(
      depositOptionsRoute,
      request('GET', '/wallet/deposit-options'),
    );
    expect(options.data!.map((o) => `${o.currency}/${o.network}`)).toEqual([
      'ETH/ethereum',
      'USDT/ethereum',
      'USDC/ethereum',
    ]);
    const { token } = await player();
    const ask = (query: string) =>
      call(depositAddressRoute, request('GET', `/wallet/deposit-address?${query}`, { token }));
    expect((await ask('currency=BTC&network=bitcoin')).status).toBe(503);
    expect((await ask('currency=BTC&network=bitcoin')).code).toBe('DEPOSITS_UNAVAILABLE');
    expect((await ask('currency=BTC&network=ethereum')).status).toBe(400);
    expect((await ask('currency=ETH&network=mars')).status).toBe(400);
    expect(
      (
        await call(
          depositAddressRoute,
          request('GET', '/wallet/deposit-address?currency=ETH&network=ethereum'),
        )
      ).status,
    ).toBe(401);
  });

  it('uses WALLET_XPUB when set, and never a development key in production without it', async () => {
    const operatorKey = HDKey.fromMasterSeed(Buffer.alloc(32, 7)).derive("m/44'/60'/0'/0");
    mutable.WALLET_XPUB = operatorKey.publicExtendedKey;
    try {
      const { userId, address } = await player();
      const [row] = await (
        await getDb()
      ).query.depositAddresses.findMany({
        where: (t, { eq: is }) => is(t.userId, userId),
      });
      expect(address).toBe(evmAddressAt(operatorKey, row!.derivationIndex));
    } finally {
      mutable.WALLET_XPUB = undefined;
    }
    mutable.NODE_ENV = 'production';
    try {
      const userId = (await createPlayer({ email: 'prod@example.com', status: 'active' })).id;
      const token = (await createSession(userId)).token;
      const answer = await call(
        depositAddressRoute,
        request('GET', '/wallet/deposit-address?currency=ETH&network=ethereum', { token }),
      );
      expect(answer.status).toBe(503);
    } finally {
      mutable.NODE_ENV = 'test';
    }
  });
});

describe('the watcher', () => {
  it('credits a native deposit once, after N confirmations', async () => {
    const { userId, token, address } = await player();
    await scan();
    await node.wallet.sendTransaction({
      to: address,
      value: parseEther('0.5'),
    });
    await scan();
    let [seen] = await myDeposits(token);
    expect(seen).toMatchObject({
      currency: 'ETH',
      amount: '0.50000000',
      status: 'pending',
      confirmations: 1,
      confirmationsRequired: 3,
    });
    expect(await balance(userId, 'ETH')).toBe('0.00000000');

    await node.test.mine({ blocks: 1 });
    await scan();
    [seen] = await myDeposits(token);
    expect(seen).toMatchObject({ status: 'pending', confirmations: 2 });

    await node.test.mine({ blocks: 1 });
    // Two servers' passes at once: one credit.
    await Promise.all([scan(), scan()]);
    await scan();
    [seen] = await myDeposits(token);
    expect(seen).toMatchObject({ status: 'credited', confirmations: 3 });
    expect(await balance(userId, 'ETH')).toBe('0.50000000');
    const postings = await (
      await getDb()
    )
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.userId, userId));
    expect(postings).toHaveLength(1);
    // Who sent it is kept: the risk team sees accounts funded from one address.
    const [row] = await (await getDb()).select().from(deposits).where(eq(deposits.userId, userId));
    expect(row!.sender).toBe(node.wallet.account.address.toLowerCase());
  });

  it('credits a token deposit rounded down to ledger precision, the rest recorded', async () => {
    const { userId, token, address } = await player();
    await mint(address, parseUnits('12.345678912345678912', 18), usdc18);
    await mint(address, parseUnits('25', 6));
    await node.test.mine({ blocks: 3 });
    await scan();
    await scan();
    const mine = await myDeposits(token);
    expect(mine.map((d) => [d.currency, d.amount, d.status]).sort()).toEqual([
      ['USDC', '12.345678', 'credited'],
      ['USDT', '25.000000', 'credited'],
    ]);
    const [usdcRow] = await (
      await getDb()
    )
      .select()
      .from(deposits)
      .where(eq(deposits.currency, 'USDC'));
    expect(usdcRow!.remainder).toBe(BigInt('912345678912'));
    expect(await balance(userId, 'USDC')).toBe('12.345678');
    expect(await balance(userId, 'USDT')).toBe('25.000000');
  });

  it('credits nothing for a fake token’s Transfer, a reverted transfer, or a deposit below the minimum', async () => {
    const { userId, token, address } = await player();
    // Another contract emitting a Transfer event to the player.
    await node.wallet.writeContract({
      address: fake,
      abi: contracts.FakeTransfer.abi,
      functionName: 'fake',
      args: [address, parseUnits('1000', 6)],
    });
    // The real token, but a transfer the sender cannot cover: mined, reverted, no log.
    await node.wallet.writeContract({
      address: usdt,
      abi: contracts.TestToken.abi,
      functionName: 'transfer',
      args: [address, parseUnits('1000', 6)],
      account: second,
      gas: BigInt(100_000),
    });
    await mint(address, parseUnits('0.5', 6));
    await node.test.mine({ blocks: 3 });
    await scan();
    await scan();
    const mine = await myDeposits(token);
    expect(mine.map((d) => [d.currency, d.amount, d.status])).toEqual([
      ['USDT', '0.500000', 'below_minimum'],
    ]);
    expect(await balance(userId, 'USDT')).toBe('0.000000');
  });

  it('drops a deposit a re-org removed, and never credits it', async () => {
    const { userId, token, address } = await player();
    await scan();
    const snapshot = await node.test.snapshot();
    await node.wallet.sendTransaction({
      to: address,
      value: parseEther('1'),
    });
    await scan();
    expect((await myDeposits(token))[0]).toMatchObject({ status: 'pending', confirmations: 1 });
    // The block with the deposit is replaced by a longer chain without it.
    await node.test.revert({ id: snapshot });
    await node.test.mine({ blocks: 5 });
    await scan();
    await scan();
    expect((await myDeposits(token))[0]).toMatchObject({ status: 'dropped' });
    expect(await balance(userId, 'ETH')).toBe('0.00000000');
    expect(await checkLedger()).toEqual([]);
  });
});
