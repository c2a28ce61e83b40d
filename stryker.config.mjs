/**
 * `npm run mutate`: mutation testing of the money core (issue 33) — every change Stryker makes to
 * the posting code or player protection must make a test fail. Not part of `npm test` (it takes
 * long); needs TEST_DATABASE_URL like the races do. Stryker 9.6 (10.x needs Node 22).
 */
const config = {
  testRunner: 'jest',
  jest: { configFile: 'jest.mutate.config.mjs', enableFindRelatedTests: false },
  testRunnerNodeArgs: ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning'],
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  concurrency: 1,
  mutate: [
    'lib/server/wallet/ledger*.ts',
    'lib/server/protection/**/*.ts',
    // New files that move money or decide where it goes.
    'lib/server/wallet/withdrawals.ts',
    'lib/server/wallet/rounds.ts',
    'lib/server/wallet/events/**/*.ts',
    // Payouts (issue 34): what pays a withdrawal once, or ends it.
    'lib/server/wallet/payouts.ts',
    'lib/server/wallet/payout-outcome.ts',
    'lib/server/wallet/chain-check.ts',
    'lib/server/operator/withdrawals.ts',
    'lib/server/wallet/custodian/payouts.ts',
    // The back office (issue 36): four-eyes on manual adjustments, the daily money report.
    'lib/server/operator/four-eyes.ts',
    'lib/server/operator/approvals.ts',
    'lib/server/reports/daily.ts',
    // Mines (issue 38): the stake held while a game is open, its close paid once.
    'lib/server/originals/mines.ts',
    // Crash (issue 39): a stake held through a round, closed once by a cash-out, the bust or a refund.
    'lib/server/originals/crash/bets.ts',
    'lib/server/originals/crash/engine.ts',
    // The casino (issue 40): the seamless wallet's money, and the rounds it closes.
    'lib/server/casino/wallet.ts',
    'lib/server/casino/rounds.ts',
    // Group commit (many players' calls in one posting), their rows written set-based, and the
    // lookups read together.
    'lib/server/casino/group-commit.ts',
    'lib/server/casino/call-rows.ts',
    'lib/server/casino/lookup.ts',
    // The sportsbook (issue 42): the price and limits a bet is taken at, its stake held, its
    // settlement and resettlement paid as differences, its cash-out closed once.
    'lib/server/sportsbook/quote.ts',
    'lib/server/sportsbook/bets.ts',
    'lib/server/sportsbook/closing.ts',
    'lib/server/sportsbook/cashout.ts',
    'lib/server/sportsbook/settlement.ts',
    'lib/server/sportsbook/resettle.ts',
    'lib/sportsbook/settle.ts',
  ],
  thresholds: { high: 90, low: 85, break: 85 },
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};

export default config;
