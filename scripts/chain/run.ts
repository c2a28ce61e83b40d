// `npm run chain`: a local EVM chain for the demo — Ganache on 8545 (a block every 2 s), the test
// USDT and USDC deployed on it — and the site (`npm start`) watching it for deposits.
//
//   npm run chain                                   chain + site
//   npm run chain -- send 0xYourDepositAddress 0.5 ETH   a test deposit (ETH, USDT or USDC)
//   npm run chain -- --no-site --port 3196 --block-time 0   the chain alone (the e2e tests' node)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createWalletClient, getAddress, http, parseUnits } from 'viem';
import { contracts, funder, localChain, second, startNode } from './node';
import { setUpTokens } from './setup';
import { siteEnv, TOKENS } from './tokens';

async function send(port: number, [to, amount = '0.5', currency = 'ETH']: string[]) {
  if (!to) throw new Error('usage: npm run chain -- send <address> [amount] [ETH|USDT|USDC]');
  const wallet = createWalletClient({
    account: funder,
    chain: localChain,
    transport: http(`http://127.0.0.1:${port}`),
  });
  const target = getAddress(to);
  const token = TOKENS.find((t) => t.symbol === currency.toUpperCase());
  const hash = token
    ? await wallet.writeContract({
        address: token.address,
        abi: contracts.TestToken.abi,
        functionName: 'mint',
        args: [target, parseUnits(amount, token.decimals)],
      })
    : await wallet.sendTransaction({ to: target, value: parseUnits(amount, 18) });
  console.log(`Sent ${amount} ${token?.symbol ?? 'ETH'} to ${target}: ${hash}`);
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      port: { type: 'string', default: '8545' },
      'block-time': { type: 'string', default: '2' },
      'no-site': { type: 'boolean', default: false },
    },
  });
  const port = Number(values.port);
  if (positionals[0] === 'send') return send(port, positionals.slice(1));

  const node = await startNode({ port, blockTime: Number(values['block-time']) });
  await setUpTokens(node);
  console.log(`Local chain on ${node.url} (chain id 1337); test tokens:`);
  for (const t of TOKENS) console.log(`  ${t.symbol} ${t.address}`);
  console.log(`Hot wallet (pays approved withdrawals): ${second.address}`);
  console.log('Send a test deposit: npm run chain -- send <your deposit address> 0.5 ETH');
  const stop = async () => {
    await node.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (values['no-site']) return;
  // The operator API approves withdrawals: a token for this demo unless one is set.
  const operatorToken = process.env.OPERATOR_TOKEN ?? randomBytes(24).toString('base64url');
  console.log(`Operator token for this demo: ${operatorToken}`);
  console.log(
    `Approve a withdrawal: curl -X POST -H "Authorization: Bearer ${operatorToken}" http://localhost:${process.env.PORT ?? 3000}/api/v1/operator/withdrawals/<id>/approve`,
  );
  const site = spawn(process.execPath, [path.join(process.cwd(), 'scripts', 'start.mjs')], {
    stdio: 'inherit',
    env: { ...siteEnv(port), OPERATOR_TOKEN: operatorToken, ...process.env },
  });
  site.on('exit', (code) => node.stop().then(() => process.exit(code ?? 0)));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
