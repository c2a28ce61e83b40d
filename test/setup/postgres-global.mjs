import { randomBytes } from 'node:crypto';

/*
 * The `postgres` Jest project: one id per run, carried by its databases' names, so that the
 * teardown drops this run's databases only — never those of a run beside it on the same server.
 */
export default async function setup() {
  process.env.JEST_PG_RUN = randomBytes(4).toString('hex');
}
