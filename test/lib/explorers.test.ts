import { config } from '@/lib/config';
import { explorerTxUrl, isLocalNode } from '@/lib/server/wallet/explorers';

/**
 * Explorer links (issue 32): a transaction on a local development chain is not on Etherscan, so
 * it gets no link; a public network's gets its mainnet explorer.
 */
const hash = `0x${'ab'.repeat(32)}`;
const settings = config as Record<string, unknown>;
const before = settings.EVM_RPC_URL_ETHEREUM;
afterEach(() => {
  settings.EVM_RPC_URL_ETHEREUM = before;
});

it.each([
  'http://127.0.0.1:8545',
  'http://localhost:8545',
  'http://[::1]:8545',
  'http://ganache:8545',
  'http://10.0.0.7:8545',
  'http://192.168.1.20:8545',
  'http://node.internal:8545',
])('a local node (%s): no explorer link', (rpc) => {
  settings.EVM_RPC_URL_ETHEREUM = rpc;
  expect(isLocalNode(rpc)).toBe(true);
  expect(explorerTxUrl('ethereum', hash)).toBeNull();
});

it('a public node: the network’s explorer', () => {
  settings.EVM_RPC_URL_ETHEREUM = 'https://eth-mainnet.provider.example/v2/key';
  expect(explorerTxUrl('ethereum', hash)).toBe(`https://etherscan.io/tx/${hash}`);
  expect(isLocalNode('https://[2001:db8::1]:8545')).toBe(false);
});

it('networks the custodian carries keep their explorers; no hash or an unknown network, no link', () => {
  expect(explorerTxUrl('bitcoin', 'f'.repeat(64))).toBe(
    `https://mempool.space/tx/${'f'.repeat(64)}`,
  );
  expect(explorerTxUrl('tron', 'abc')).toBe('https://tronscan.org/#/transaction/abc');
  expect(explorerTxUrl('ethereum', null)).toBeNull();
  expect(explorerTxUrl('ethereum', '')).toBeNull();
  expect(explorerTxUrl(null, hash)).toBeNull();
  expect(explorerTxUrl('dogecoin', hash)).toBeNull();
});
