// A real local EVM node (Ganache 7.9, deterministic accounts) and the test tokens, for the tests
// and for `npm run chain`. Plain ESM so both Jest (TypeScript) and node scripts import it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  getAddress,
  http,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

const root = path.resolve(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);

/** Ganache's first deterministic account (`--wallet.deterministic`): funded with 1000 ETH. */
export const FUNDER = '0x90F8bf6A479f320ead074411a4B0e7944Ea8c9C1';
export const FUNDER_KEY = '0x4f3edf983ac636a65a842ce7c78d9aa706d3b113bce9c46f30d7d21715b23b1d';
/** The second one: a hot wallet for payouts in the tests and the demo. */
export const SECOND = '0xFFcf8FDEE72ac11b5c542428B35EEF5769C409f0';
export const SECOND_KEY = '0x6cbed15c793ce57650b9877cf6fa156fbef513c4e6134f022a85b1ffdd59b2a1';

/** The local chain (Ganache with chain id 1337), for signing with local accounts. */
export const localChain = defineChain({
  id: 1337,
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
});

/** The funder and the second account as local signers (transactions are signed here, then sent raw). */
export const funder = privateKeyToAccount(FUNDER_KEY);
export const second = privateKeyToAccount(SECOND_KEY);

export const contracts = JSON.parse(
  readFileSync(path.join(root, 'test', 'fixtures', 'evm', 'contracts.json'), 'utf8'),
);

/**
 * Starts Ganache on `port` and resolves once it answers. `stop()` ends it. Blocks are mined per
 * transaction (instamine), so every transaction has its own block; `mine` adds empty ones.
 */
export async function startNode({ port = 8545, quiet = true } = {}) {
  const cli = require.resolve('ganache/dist/node/cli.js');
  const child = spawn(
    process.execPath,
    [
      cli,
      '--wallet.deterministic',
      '--port',
      String(port),
      '--chain.chainId',
      '1337',
      ...(quiet ? ['--logging.quiet'] : []),
    ],
    { stdio: quiet ? 'ignore' : 'inherit' },
  );
  const url = `http://127.0.0.1:${port}`;
  const publicClient = createPublicClient({ transport: http(url) });
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
    async deploy(name, args = []) {
      const { abi, bytecode } = contracts[name];
      const hash = await wallet.deployContract({ abi, bytecode, args });
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      return getAddress(receipt.contractAddress);
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(undefined);
        child.once('exit', () => resolve(undefined));
        child.kill();
      }),
  };
}
