// A real local EVM node (Ganache 7.9, deterministic accounts) and the test contracts, for the
// tests (Jest, Playwright) and for `npm run chain`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  getAddress,
  http,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import compiled from '../../test/fixtures/evm/contracts.json';

/** Ganache's first deterministic account (`--wallet.deterministic`): funded with 1000 ETH. */
export const FUNDER: Address = '0x90F8bf6A479f320ead074411a4B0e7944Ea8c9C1';
const FUNDER_KEY: Hex = '0x4f3edf983ac636a65a842ce7c78d9aa706d3b113bce9c46f30d7d21715b23b1d';
/** The second one: the hot wallet that pays withdrawals out in the tests and the demo. */
export const HOT_WALLET_KEY: Hex =
  '0x6cbed15c793ce57650b9877cf6fa156fbef513c4e6134f022a85b1ffdd59b2a1';

/** The local chain (Ganache with chain id 1337), for signing with local accounts. */
export const localChain = defineChain({
  id: 1337,
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
});

/** The funder and the second account as local signers (transactions are signed here, then sent raw). */
export const funder = privateKeyToAccount(FUNDER_KEY);
export const second = privateKeyToAccount(HOT_WALLET_KEY);

type Compiled = { abi: Abi; bytecode: Hex };
export const contracts = compiled as Record<'TestToken' | 'FakeTransfer' | 'Refuser', Compiled>;

/**
 * Starts Ganache on `port` and resolves once it answers; `stop()` ends it. With `blockTime` 0 every
 * transaction is mined at once in its own block (`mine` adds empty ones); otherwise a block comes
 * every `blockTime` seconds, like a real chain. With `dbPath` the chain is kept there across starts.
 */
export async function startNode({
  port = 8545,
  quiet = true,
  blockTime = 0,
  dbPath,
}: { port?: number; quiet?: boolean; blockTime?: number; dbPath?: string } = {}) {
  // Run from the project root (npm scripts, Jest, Playwright all are).
  const cli = path.join(process.cwd(), 'node_modules', 'ganache', 'dist', 'node', 'cli.js');
  const child = spawn(
    process.execPath,
    [
      cli,
      '--wallet.deterministic',
      // Twenty funded accounts: each e2e test that sends from the chain has its own.
      '--wallet.totalAccounts',
      '20',
      '--port',
      String(port),
      '--chain.chainId',
      '1337',
      ...(blockTime > 0 ? ['--miner.blockTime', String(blockTime)] : []),
      ...(dbPath ? ['--database.dbPath', dbPath] : []),
      ...(quiet ? ['--logging.quiet'] : []),
    ],
    { stdio: quiet ? 'ignore' : 'inherit' },
  );
  const url = `http://127.0.0.1:${port}`;
  const publicClient = createPublicClient({ transport: http(url), cacheTime: 0 });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`ganache exited (${child.exitCode})`);
    try {
      await publicClient.getChainId();
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill();
        throw new Error('ganache did not start in 30 s');
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const wallet = createWalletClient({ transport: http(url), account: funder, chain: localChain });
  const test = createTestClient({ mode: 'ganache', transport: http(url) });
  return {
    url,
    publicClient,
    wallet,
    test,
    /** Deploys a fixture contract and resolves to its address once mined. */
    async deploy(name: keyof typeof contracts, args: unknown[] = []): Promise<Address> {
      const { abi, bytecode } = contracts[name];
      const hash = await wallet.deployContract({ abi, bytecode, args });
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 200 });
      return getAddress(receipt.contractAddress!);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

export type LocalNode = Awaited<ReturnType<typeof startNode>>;
