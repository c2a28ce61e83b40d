const { TestEnvironment } = require('jest-environment-node');
const { testingMutant } = require('./mutate-runner.cjs');

/*
 * `npm run mutate`: once a test has failed, the rest of the run is skipped. One failure kills the
 * mutant; Stryker stops at it with its other test runners, but cannot tell Jest to (the jest
 * runner turns bail off), and every mutant that breaks the posting core would otherwise run the
 * whole money suite. The flag lives for one Jest run: the global setup makes it afresh. CommonJS:
 * Stryker loads a test environment with require.
 */
class MutateEnvironment extends TestEnvironment {
  async handleTestEvent(event) {
    const run = globalThis.__mutateRun;
    // Stryker's initial run reports every failure itself (test/setup/mutate-runner.cjs).
    if (!run || !testingMutant()) return;
    if (event.name === 'test_fn_failure' || event.name === 'hook_failure') run.failed = true;
    if (event.name === 'test_start' && run.failed) event.test.mode = 'skip';
  }
}

module.exports = MutateEnvironment;
