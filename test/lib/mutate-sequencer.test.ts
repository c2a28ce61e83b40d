import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error a plain ES module (Jest's test sequencer for `npm run mutate`)
import MutateSequencer from '../setup/mutate-sequencer.mjs';

/**
 * The pattern @stryker-mutator/jest-runner 9.6 hands Jest for a mutant's covering tests
 * (jest-test-runner.js, mutantRun): each full name escaped by @stryker-mutator/util's escapeRegExp,
 * in parentheses, joined by `|`. Written out here because that package is ESM-only.
 */
const strykerPattern = (names: string[]) =>
  names.map((name) => `(${name.replace(/[.*+\-?^${}()|[\]\\]/g, '\\$&')})`).join('|');

describe('the mutation run’s test order', () => {
  let rootDir: string;
  beforeAll(() => {
    rootDir = mkdtempSync(path.join(os.tmpdir(), 'mutate-sequencer-'));
    const known = [
      { name: 'owing a take-back (past the balance) waits', file: '/p/test/server/b.test.ts' },
      { name: 'plain name', file: '/p/test/server/c.test.ts' },
      { name: 'another one', file: '/p/test/lib/a.test.ts' },
    ];
    writeFileSync(
      path.join(rootDir, '.mutate-tests.jsonl'),
      known.map((k) => JSON.stringify(k)).join('\n'),
    );
  });
  afterAll(() => rmSync(rootDir, { recursive: true, force: true }));

  const files = ['/p/test/server/c.test.ts', '/p/test/server/b.test.ts', '/p/test/lib/a.test.ts'];
  const sort = (testNamePattern?: string) =>
    (
      new MutateSequencer({ globalConfig: { rootDir, testNamePattern } }).sort(
        files.map((p) => ({ path: p })),
      ) as { path: string }[]
    ).map((t) => t.path);

  it('runs the files of every test Stryker names, whatever characters the names hold', () => {
    expect(
      sort(strykerPattern(['owing a take-back (past the balance) waits', 'plain name'])),
    ).toEqual(['/p/test/server/b.test.ts', '/p/test/server/c.test.ts']);
    expect(sort(strykerPattern(['another one']))).toEqual(['/p/test/lib/a.test.ts']);
  });

  it('runs every file, quickest first, when it knows none of the names or is given none', () => {
    const all = ['/p/test/lib/a.test.ts', '/p/test/server/b.test.ts', '/p/test/server/c.test.ts'];
    expect(sort(strykerPattern(['a test it never saw']))).toEqual(all);
    expect(sort()).toEqual(all);
  });
});
