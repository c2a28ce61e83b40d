/**
 * The Node flags server.ts runs with wherever this project starts it (npm start, the e2e server,
 * the benches). A deployment that runs server.ts itself should pass the same (README, Deploying).
 *
 * - A larger young generation (128 MiB semi-spaces instead of V8's 16 MiB): far fewer scavenges
 *   while requests allocate; `npm run bench:wallet` measures it.
 * - The old generation may grow by half its live size between two full collections, where V8
 *   would let it grow up to fourfold under load: V8 keeps the pages it grew into while any request
 *   comes in, so a minute of hostile clients left the server 12 % larger for good; with this, 4–5 %
 *   (`npm run bench:chaos`).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=128', '--heap-growing-percent=50'];
