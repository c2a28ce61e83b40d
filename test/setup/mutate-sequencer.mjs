import { readFileSync } from 'node:fs';
import path from 'node:path';
import sequencer from '@jest/test-sequencer';

const Sequencer = sequencer.default ?? sequencer;

/*
 * `npm run mutate`: Stryker runs a mutant's covering tests by name (a --testNamePattern of every
 * such test), which still loads every test file and runs its setup. With the names and files the
 * first run wrote down (test/setup/mutate-hooks.ts), only the files holding those tests are run.
 * Anything unknown runs everything, as Stryker would.
 */
// Stryker's own escape (@stryker-mutator/util's escapeRegExp), hyphen included: a name escaped any
// other way is not found in the pattern, and its file would be left out of the mutant's run.
const escape = (text) => text.replace(/[.*+\-?^${}()|[\]\\]/g, '\\$&');

const ORDER = [
  '/test/lib/',
  '/test/server/ledger.test.ts',
  '/test/server/posting-core.test.ts',
  '/test/server/domain-events.test.ts',
  '/test/server/withdrawals.test.ts',
  '/test/server/withdrawal-request.test.ts',
  '/test/server/payout-outcome.test.ts',
  '/test/server/operator-withdrawals.test.ts',
  '/test/server/posting-races.test.ts',
  '/test/server/protection.test.ts',
];
const byPath = (a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

export default class MutateSequencer extends Sequencer {
  constructor(options) {
    super(options);
    this.globalConfig = options.globalConfig;
  }

  sort(tests) {
    // Quickest to fail first, since the run stops at its first failure: the database-free tests
    // (a mutant they kill is known in a second), then the posting core's own files, protection's
    // HTTP flows last. Jest's own order is the reverse: the slowest file first.
    const rank = (test) => {
      const at = ORDER.findIndex((part) => test.path.includes(part));
      return at === -1 ? ORDER.length : at;
    };
    const sorted = [...tests].sort((a, b) => rank(a) - rank(b) || byPath(a, b));
    const pattern = this.globalConfig?.testNamePattern;
    if (!pattern) return sorted;
    let known;
    try {
      known = readFileSync(path.join(this.globalConfig.rootDir, '.mutate-tests.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
    } catch {
      return sorted;
    }
    const files = new Set(
      known.filter(({ name }) => pattern.includes(`(${escape(name)})`)).map(({ file }) => file),
    );
    if (!files.size) return sorted;
    return sorted.filter((test) => files.has(test.path));
  }
}
