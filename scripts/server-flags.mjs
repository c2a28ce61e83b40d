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
 *   V8's own on the same day. Under the casino's wallet calls it brought a full collection round
 *   every 5–30 s, each a cluster of late pairs when it fell in the open loop; with V8's own, none
 *   fell in the open loop of the three runs of `bench:casino` lined up with the server's
 *   `--trace-gc`.
 * - No allocation-site pretenuring: V8 marks an allocation site "tenure" when what it made at
 *   startup lived on (the query builder's SQL objects for the schema and the statements kept at
 *   module level), and from then on everything the site makes goes straight to the old
 *   generation — every statement of every request included. Under the casino's wallet calls that
 *   was 48 of the 102 MB that reached the old generation in 10 s, and a full collection every 5 s,
 *   each one a cluster of pairs past 60 ms; without it 9.6 MB, full collections over the whole
 *   bench 26 → 12, and the open loop's p99 goal held in 5 runs of 9 (4 of 16 before; `npm run
 *   bench:casino`, bench/README.md). `bench:wallet` and `bench:chaos` measured the same with it as
 *   without, within their spread.
 *
 * V8's own young generation size is kept: 128 MiB semi-spaces scavenged a tenth as often but each
 * scavenge took 20–40 ms, and the settled-bet p99 doubled (64 → 142 ms).
 */
import os from 'node:os';

const helpers = Math.min(4, Math.max(1, os.availableParallelism() - 1));

export const SERVER_NODE_FLAGS = [`--v8-pool-size=${helpers}`, '--no-allocation-site-pretenuring'];
