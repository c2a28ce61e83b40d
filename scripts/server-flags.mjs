/**
 * The Node flags server.ts runs with wherever this project starts it (npm start, the e2e server,
 * the benches). A larger young generation (128 MiB semi-spaces instead of V8's 16 MiB) means far
 * fewer scavenges while requests allocate; `npm run bench:wallet` measures it. A deployment that
 * runs server.ts itself should pass the same (README, Deploying).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=128'];
