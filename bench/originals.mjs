#!/usr/bin/env node
/**
 * The originals under load (issue 37), on PostgreSQL: the wallet bench's 100 players
 * (bench/wallet-load.mts), on one database, one phase after the other:
 *
 *   baseline   a settled bet as one `postMany` (the stake and the payout, decided in advance):
 *              the wallet bench's phase 2, measured here in the same run
 *   dice       a Dice bet through `placeBet`: the nonce drawn and the outcome decided under the
 *              player's lock, the bet, its game record row and `bet.settled` in the same commit
 *
 * each as a closed loop (every player bets again once its bet is settled: bets a second) and an
 * open loop at BENCH_BET_RATE bets a second (the p99 counted from when each bet was due). Prints
 * figures beside the baseline and the goals; asserts nothing. Then runs every ledger invariant.
 *
 *   BENCH_DATABASE_URL      PostgreSQL admin URL, required (a fresh database is made and dropped)
 *   BENCH_SECONDS=10        seconds per measurement
 *   BENCH_BET_RATE=100      bets a second in the open loop
 */
import path from 'node:path';
import { startLoader, withFreshDatabase } from './lib.mjs';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const betRate = Number(process.env.BENCH_BET_RATE ?? 100);
const admin = process.env.BENCH_DATABASE_URL;

if (!admin) {
  console.error(
    'bench:originals measures PostgreSQL: set BENCH_DATABASE_URL (e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres).',
  );
  process.exit(1);
}

await withFreshDatabase(admin, 'bench_originals', async (url) => {
  const loader = startLoader(root, url, 'http://localhost:3421');
  try {
    await loader.ready;
    // Warm up both paths (JIT, prepared statements, the seed rows made on a player's first bet).
    await loader.run('post-many-warm 0');
    await loader.run('dice-warm 0');
    const rows = [
      ['baseline: one postMany', await loader.run('post-many 0')],
      ['Dice through placeBet', await loader.run('dice 0')],
      [`baseline at ${betRate} bets/s`, await loader.run(`post-many-at ${betRate}`)],
      [`Dice at ${betRate} bets/s`, await loader.run(`dice-at ${betRate}`)],
    ];
    const broken = await loader.check();

    const perSecond = (load) => load.settled / load.seconds;
    console.log(`\nOriginals on PostgreSQL: 100 players, USDT, ${seconds} s a measurement`);
    console.log(`${''.padEnd(30)}  bets/s  p50 ms  p99 ms refused`);
    for (const [name, load] of rows) {
      console.log(
        `${name.padEnd(30)} ${perSecond(load).toFixed(0).padStart(7)} ${load.p50.toFixed(1).padStart(7)} ${load.p99.toFixed(1).padStart(7)} ${String(load.refused).padStart(7)}`,
      );
    }
    const mark = (ok) => (ok ? '✓' : '✗');
    const ratio = perSecond(rows[1][1]) / perSecond(rows[0][1]);
    console.log(
      `goal: Dice ≥ 50 % of the baseline's bets/s: ${mark(ratio >= 0.5)} (${(ratio * 100).toFixed(0)} %)`,
    );
    const p99 = rows[3][1].p99;
    console.log(
      `goal: Dice p99 ≤ 100 ms at ${betRate} bets/s: ${mark(p99 <= 100)} (${p99.toFixed(1)} ms)`,
    );
    console.log(
      `goal: ledger:check clean: ${mark(broken === 0)}${broken ? ` (${broken} broken)` : ''}`,
    );
  } finally {
    loader.stop();
  }
});
