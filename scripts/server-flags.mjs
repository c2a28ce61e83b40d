/**
 * The Node flags server.ts runs with wherever this project starts it (npm start, the e2e server,
 * the benches). A deployment that runs server.ts itself should pass the same (README, Deploying).
 *
 * - V8's helper threads (concurrent marking, parallel scavenges) at most one fewer than the cores,
 *   where Node starts four whatever the machine: on two cores, four markers and the main thread
 *   took turns, and every full collection stalled every request for its whole marking (75–250 ms).
 *   With one helper, the idle balances p99 went from 38–160 ms to 14–26 (`npm run bench:wallet`).
 * - V8's own heap growing is kept. A fixed growth of half the live size between full collections
 *   (`--heap-growing-percent=50`, meant to keep a burst of hostile clients from leaving the
 *   process larger) no longer did that: `bench:chaos` ended 11.5 % larger with it and 2.6 % with
 *   V8's own on the same day. (Under the casino's calls V8's own growing still collects every
 *   9–10 s: a minute's open loop shows it, where 10 s seldom did. See the next-but-one flag.)
 * - No allocation-site pretenuring: V8 marks an allocation site "tenure" when what it made at
 *   startup lived on (the query builder's SQL objects for the schema and the statements kept at
 *   module level), and from then on everything the site makes goes straight to the old
 *   generation — every statement of every request included. Under the casino's wallet calls that
 *   was 48 of the 102 MB that reached the old generation in 10 s, and a full collection every 5 s,
 *   each one a cluster of pairs past 60 ms; without it 9.6 MB, full collections over the whole
 *   bench 26 → 12, and the open loop's p99 goal held in 5 runs of 9 (4 of 16 before; `npm run
 *   bench:casino`, bench/README.md). `bench:wallet` and `bench:chaos` measured the same with it as
 *   without, within their spread.
 * - On two cores, no concurrent marking: the one helper marking beside the main thread took the
 *   core PostgreSQL's backends run on, and each full collection (one every 9–10 s under the
 *   casino's wallet calls, V8 keeping the old generation a sixth above its live size) was a
 *   cluster of 10–60 late pairs. Marked in the main thread's own small steps instead, the
 *   collections stay as frequent and leave no cluster: the open loop's p99 over a minute went
 *   from 42.1, 35.3 and 60.1 ms to 17.5, 21.7 and 14.8 (baselines 3.8–5.5; `npm run
 *   bench:casino`, bench/README.md). `bench:wallet` met every goal with it; `bench:chaos` ended
 *   its hostile minute at 763 MiB with it and 744 without (its RSS goal, a ratio to the quiet
 *   phase's 666 and 743, missed and met). With more cores a helper has one to itself, and marks
 *   there.
 *
 * V8's own young generation size is kept: 128 MiB semi-spaces scavenged a tenth as often but each
 * scavenge took 20–40 ms, and the settled-bet p99 doubled (64 → 142 ms).
 */
import os from 'node:os';

const cores = os.availableParallelism();
const helpers = Math.min(4, Math.max(1, cores - 1));

export const SERVER_NODE_FLAGS = [
  `--v8-pool-size=${helpers}`,
  '--no-allocation-site-pretenuring',
  ...(cores <= 2 ? ['--no-concurrent-marking'] : []),
];
