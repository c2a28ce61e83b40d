/**
 * The posting side of `npm run bench:wallet` (bench/wallet.mjs), in a process of its own on the
 * database DATABASE_URL names: makes 100 players with sessions and prints their tokens ("ready"),
 * waits for "go" on stdin, then posts for BENCH_SECONDS with one loop per player (deposit, bet, win
 * in turn, each through the ledger's one posting function) and prints what it did ("done").
 */
import { createInterface } from 'node:readline';
import { createSession } from '@/lib/server/auth/session';
import { closeDb } from '@/lib/server/db';
import { createPlayer } from '@/lib/server/players/store';
import { post, type Line } from '@/lib/server/wallet/ledger';
import { checkLedger } from '@/lib/server/wallet/ledger-check';

const PLAYERS = 100;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const run = Date.now().toString(36);

const players = await Promise.all(
  Array.from({ length: PLAYERS }, async (_, i) => {
    const userId = (
      await createPlayer({ email: `bench-${run}-${i}@example.com`, status: 'active' })
    ).id;
    return { userId, token: (await createSession(userId)).token };
  }),
);
console.log(`ready ${JSON.stringify(players.map((p) => p.token))}`);
const lines = createInterface({ input: process.stdin });
await new Promise<void>((resolve) => lines.once('line', () => resolve()));

const unit = BigInt(1_000_000);
let postings = 0;
let refused = 0;
const latencies: number[] = [];
const started = performance.now();
const until = started + seconds * 1000;
await Promise.all(
  players.map(async ({ userId }, p) => {
    const me = { userId, currency: 'USDT' };
    const pairs: Array<[string, Line['account'], Line['account']]> = [
      ['deposit', { house: 'deposits', currency: 'USDT' }, me],
      ['bet', me, { house: 'game', currency: 'USDT' }],
      ['win', { house: 'game', currency: 'USDT' }, me],
    ];
    for (let i = 0; performance.now() < until; i += 1) {
      const [type, from, to] = pairs[i % pairs.length]!;
      const t0 = performance.now();
      try {
        await post({
          type: type as 'deposit' | 'bet' | 'win',
          scope: 'bench',
          key: `${run}-${p}-${i}`,
          userId,
          lines: [
            { account: from, amount: -unit },
            { account: to, amount: unit },
          ],
        });
        postings += 1;
      } catch {
        refused += 1;
      }
      latencies.push(performance.now() - t0);
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (q: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
const violations = await checkLedger();
console.log(
  `done ${JSON.stringify({ postings, refused, seconds: elapsed, p50: pct(0.5), p99: pct(0.99), violations: violations.length })}`,
);
lines.close();
await closeDb();
