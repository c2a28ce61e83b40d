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
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export default class MutateSequencer extends Sequencer {
  constructor(options) {
    super(options);
    this.globalConfig = options.globalConfig;
  }

  sort(tests) {
    // Database-free tests first: a mutant they kill is known in a second (and the run bails).
    const sorted = super
      .sort(tests)
      .sort(
        (a, b) => Number(!a.path.includes('/test/lib/')) - Number(!b.path.includes('/test/lib/')),
      );
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
