import path from 'node:path';
import nextJest from 'next/jest.js';

/**
 * The money core's tests alone, on PostgreSQL, for `npm run mutate` (stryker.config.mjs), in node;
 * each file on a fresh database (test/setup/mutate-db.ts).
 */
const createJestConfig = nextJest({ dir: './' });

const esm =
  '/node_modules/(?!(next-intl|use-intl|icu-minify|@formatjs|intl-messageformat|@schummar|@scure|@noble|otplib|@otplib|altcha-lib|jose|bs58|base-x|viem|ox|abitype|file-type|strtok3|token-types|@tokenizer|uint8array-extras|@borewit)/)';

export default async function jestConfig() {
  const project = await createJestConfig({
    displayName: 'money',
    // An absolute path: Stryker resolves the environment itself, without <rootDir>.
    testEnvironment: path.join(import.meta.dirname, 'test/setup/mutate-environment.cjs'),
    modulePathIgnorePatterns: ['<rootDir>/cms/', '<rootDir>/.stryker-tmp/'],
    moduleNameMapper: {
      '^server-only$': '<rootDir>/test/stubs/empty.ts',
      '^file-type$': '<rootDir>/node_modules/file-type/index.js',
      '^@/(.*)$': '<rootDir>/$1',
    },
    testMatch: [
      '<rootDir>/test/lib/ledger-stakes.test.ts',
      '<rootDir>/test/lib/ledger-retry.test.ts',
      '<rootDir>/test/lib/ledger-accounts.test.ts',
      '<rootDir>/test/lib/ledger-lines.test.ts',
      '<rootDir>/test/lib/protection-usage.test.ts',
      '<rootDir>/test/lib/protection-restriction.test.ts',
      '<rootDir>/test/server/ledger.test.ts',
      '<rootDir>/test/server/ledger-check.test.ts',
      '<rootDir>/test/server/posting-core.test.ts',
      '<rootDir>/test/server/posting-races.test.ts',
      '<rootDir>/test/server/domain-events.test.ts',
      '<rootDir>/test/server/protection.test.ts',
      '<rootDir>/test/server/withdrawals.test.ts',
      '<rootDir>/test/server/withdrawal-request.test.ts',
      '<rootDir>/test/server/payout-outcome.test.ts',
      '<rootDir>/test/server/operator-withdrawals.test.ts',
      // The payments queue's page, KYC level and USD (lib/server/operator/withdrawals.ts).
      '<rootDir>/test/server/back-office.test.ts',
      '<rootDir>/test/server/payouts.test.ts',
      '<rootDir>/test/server/payout-attempts.test.ts',
      '<rootDir>/test/server/payout-passes.test.ts',
      // The chain a network's payouts began on (payouts.ts's guard); two Ganache nodes.
      '<rootDir>/test/server/payout-chain.test.ts',
      '<rootDir>/test/server/custodian-payouts.test.ts',
      '<rootDir>/test/server/four-eyes.test.ts',
      '<rootDir>/test/server/four-eyes-races.test.ts',
      '<rootDir>/test/server/reports.test.ts',
      // Mines (issue 38): a stake held across requests, closed once.
      '<rootDir>/test/server/mines.test.ts',
      '<rootDir>/test/server/mines-races.test.ts',
      // Crash (issue 39): cash-outs judged against the bust instant, refunds on takeover.
      '<rootDir>/test/lib/crash-money.test.ts',
      '<rootDir>/test/server/crash.test.ts',
      '<rootDir>/test/server/crash-races.test.ts',
      // The casino's seamless wallet (issue 40): bets, wins and rollbacks once by transaction id.
      '<rootDir>/test/server/casino-hub88.test.ts',
      '<rootDir>/test/server/casino-races.test.ts',
      '<rootDir>/test/server/casino-wallet-direct.test.ts',
      '<rootDir>/test/server/casino-call-rows.test.ts',
      '<rootDir>/test/lib/sportsbook/settle.test.ts',
      '<rootDir>/test/server/sportsbook-bets.test.ts',
      '<rootDir>/test/server/sportsbook-live.test.ts',
      '<rootDir>/test/server/sportsbook-races.test.ts',
      '<rootDir>/test/server/sportsbook-cashout.test.ts',
      '<rootDir>/test/server/sportsbook-settlement.test.ts',
      '<rootDir>/test/server/sportsbook-resettle.test.ts',
    ],
    // No file here moves money in a beforeAll: code run outside a test counts as run by every test
    // (a "static" mutant), and each such mutant would run the whole set.
    // The usual test environment, then the file's own database (server-env clears DATABASE_URL).
    setupFiles: ['<rootDir>/test/setup/server-env.ts', '<rootDir>/test/setup/mutate-db.ts'],
    setupFilesAfterEnv: ['<rootDir>/test/setup/mutate-hooks.ts'],
  })();
  // One top-level config, not a project: Stryker wraps the test environment of the top level to
  // know which test runs which mutant, and would not see a project's.
  return {
    ...project,
    transformIgnorePatterns: [esm],
    maxWorkers: 1,
    testTimeout: 60_000,
    globalSetup: '<rootDir>/test/setup/mutate-global.mjs',
    globalTeardown: '<rootDir>/test/setup/mutate-teardown.mjs',
    testSequencer: '<rootDir>/test/setup/mutate-sequencer.mjs',
    runner: '<rootDir>/test/setup/mutate-runner.cjs',
  };
}
