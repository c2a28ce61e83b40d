import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
// @ts-expect-error a plain ES module shared with the global setup
import { templateName } from './mutate-global.mjs';

const root = path.resolve(__dirname, '../..');

/*
 * `npm run mutate`, for each test file: its database is copied from the template before its first
 * test (test/setup/mutate-db.ts named it). In Stryker's sandbox every test that runs is also
 * written down with its file, so that a mutant's run loads only the files of the tests that cover
 * it (test/setup/mutate-sequencer.mjs).
 */
beforeAll(async () => {
  // The database-free tests (test/lib) need none.
  if (expect.getState().testPath?.includes(`${path.sep}test${path.sep}lib${path.sep}`)) return;
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      `CREATE DATABASE ${process.env.MUTATE_DATABASE} TEMPLATE ${templateName() as string}`,
    );
  } finally {
    await client.end();
  }
});

if (root.includes(`${path.sep}.stryker-tmp${path.sep}`)) {
  afterEach(() => {
    const { currentTestName, testPath } = expect.getState();
    appendFileSync(
      path.join(root, '.mutate-tests.jsonl'),
      `${JSON.stringify({ name: currentTestName, file: testPath })}\n`,
    );
  });
}
