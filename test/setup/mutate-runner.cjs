const { default: TestRunner, EmittingTestRunner } = require('jest-runner');
const { createEmptyTestResult } = require('@jest/test-result');

/*
 * `npm run mutate`: once a test has failed (test/setup/mutate-environment.cjs), the test files left
 * are answered as skipped without being loaded. The environment alone skips their tests, but each
 * file would still import the server and copy its database first — about a second a file, most of
 * a killed mutant's run. One file at a time, each through Jest's own runner.
 */
const SKIPPED = 'not run: an earlier test of this run failed';
/**
 * Only while Stryker tests a mutant (it names it in this variable). In its initial run a failure
 * is the news: skipped files would get no test environment, and Stryker would report "Missing
 * coverage results" for them instead of the test that failed.
 */
const testingMutant = () => process.env.__STRYKER_ACTIVE_MUTANT__ !== undefined;

class MutateRunner extends EmittingTestRunner {
  #listeners = [];

  on(eventName, listener) {
    this.#listeners.push([eventName, listener]);
    return () => {
      this.#listeners = this.#listeners.filter((entry) => entry[1] !== listener);
    };
  }

  async #emit(eventName, args) {
    for (const [name, listener] of this.#listeners) if (name === eventName) await listener(args);
  }

  async runTests(tests, watcher, options) {
    for (const test of tests) {
      if (testingMutant() && globalThis.__mutateRun?.failed) {
        await this.#emit('test-file-start', [test]);
        await this.#emit('test-file-success', [
          test,
          {
            ...createEmptyTestResult(),
            testFilePath: test.path,
            skipped: true,
            numPendingTests: 1,
            // Jest calls a file without a single result a failure.
            testResults: [
              {
                ancestorTitles: [],
                title: SKIPPED,
                fullName: SKIPPED,
                status: 'pending',
                duration: 0,
                failureDetails: [],
                failureMessages: [],
                numPassingAsserts: 0,
                location: null,
              },
            ],
          },
        ]);
        continue;
      }
      const runner = new TestRunner(this._globalConfig, this._context);
      const forgets = this.#listeners.map(([name, listener]) => runner.on(name, listener));
      try {
        await runner.runTests([test], watcher, { ...options, serial: true });
      } finally {
        for (const forget of forgets) forget();
      }
    }
  }
}

module.exports = MutateRunner;
module.exports.testingMutant = testingMutant;
