/**
 * The Node flags server.ts runs with wherever this project starts it (npm start, the e2e server,
 * the benches). A deployment that runs server.ts itself should pass the same (README, Deploying).
 *
 * - V8's helper threads (concurrent marking, parallel scavenges) at most one fewer than the cores,
 *   where Node starts four whatever the machine: on two cores, four markers and the main thread
 *   took turns, and every full collection stalled every request for its whole marking (75–250 ms).
 *   With one helper, the idle balances p99 went from 38–160 ms to 14–26 (`npm run bench:wallet`).
 * - The old generation may grow by half its live size between two full collections, where V8
 *   would let it grow up to fourfold under load: V8 keeps the pages it grew into while any request
 *   comes in, so a minute of hostile clients left the server 12 % larger for good; with this, 4–5 %
 *   (`npm run bench:chaos`).
 *
 * V8's own young generation size is kept: 128 MiB semi-spaces scavenged a tenth as often but each
 * scavenge took 20–40 ms, and the settled-bet p99 doubled (64 → 142 ms).
 */
import os from 'node:os';

const helpers = Math.min(4, Math.max(1, os.availableParallelism() - 1));

export const SERVER_NODE_FLAGS = [`--v8-pool-size=${helpers}`, '--heap-growing-percent=50'];
