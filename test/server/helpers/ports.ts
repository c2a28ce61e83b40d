/**
 * A local server's port for this test file. The files the `postgres` Jest project runs again
 * (jest.config.mjs) may run beside their embedded-database selves, so that project shifts every
 * fixed port (test/setup/postgres-db.ts); under `npm run mutate -- --concurrency 2` each of
 * Stryker's workers has a range of its own (their ids grow as workers restart, hence the modulo).
 */
export const testPort = (port: number) =>
  port +
  Number(process.env.TEST_PORT_OFFSET ?? 0) +
  1000 * (Number(process.env.STRYKER_MUTATOR_WORKER ?? 0) % 50);
