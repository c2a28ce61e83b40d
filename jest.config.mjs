import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

const shared = {
  // The CMS is its own project: its node_modules are no part of these tests; nor is the copy of
  // the project `npm run mutate` works in.
  modulePathIgnorePatterns: ['<rootDir>/cms/', '<rootDir>/.stryker-tmp/'],
  moduleNameMapper: {
    '^server-only$': '<rootDir>/test/stubs/empty.ts',
    // file-type 21 exports only `import` conditions, which Jest's require never matches.
    '^file-type$': '<rootDir>/node_modules/file-type/index.js',
    '^@/(.*)$': '<rootDir>/$1',
  },
};

// Server code (route handlers on a fresh PGlite, pure logic) in node, components in jsdom.
const projects = [
  {
    ...shared,
    displayName: 'server',
    testEnvironment: 'node',
    testMatch: [
      '<rootDir>/test/server/**/*.test.ts',
      '<rootDir>/test/lib/**/*.test.ts',
      '<rootDir>/test/studio/**/*.test.ts',
    ],
    setupFiles: ['<rootDir>/test/setup/server-env.ts'],
    globalSetup: '<rootDir>/test/setup/pglite-template.mjs',
  },
  {
    ...shared,
    displayName: 'components',
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/test/components/**/*.test.tsx'],
    setupFilesAfterEnv: ['<rootDir>/test/setup/dom.ts'],
  },
  // Payouts again on PostgreSQL, the production database, where a local one is given: their
  // nonces, locks and conditional updates must hold on both.
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          ...shared,
          displayName: 'postgres',
          testEnvironment: 'node',
          testMatch: [
            '<rootDir>/test/server/payouts.test.ts',
            '<rootDir>/test/server/payout-attempts.test.ts',
            '<rootDir>/test/server/payout-passes.test.ts',
            '<rootDir>/test/server/custodian-payouts.test.ts',
          ],
          setupFiles: ['<rootDir>/test/setup/server-env.ts', '<rootDir>/test/setup/postgres-db.ts'],
          setupFilesAfterEnv: ['<rootDir>/test/setup/postgres-hooks.ts'],
          globalSetup: '<rootDir>/test/setup/postgres-global.mjs',
          globalTeardown: '<rootDir>/test/setup/postgres-teardown.mjs',
        },
      ]
    : []),
];

// next/jest resolves asynchronously; afterwards its ESM exceptions are widened for next-intl (MACHINE-FACTS).
const esm =
  '/node_modules/(?!(next-intl|use-intl|icu-minify|@formatjs|intl-messageformat|@schummar|@scure|@noble|otplib|@otplib|altcha-lib|jose|bs58|base-x|viem|ox|abitype|file-type|strtok3|token-types|@tokenizer|uint8array-extras|@borewit)/)';

export default async function jestConfig() {
  const resolved = await Promise.all(projects.map((project) => createJestConfig(project)()));
  return {
    // Each PGlite instance holds close to 1 GB: two workers at most.
    maxWorkers: 2,
    // The first test of a server file opens a fresh PGlite (its WASM started, migrations, extensions,
    // demo seed): 5 s alone, past 30 s on two cores busy with the other worker (CI saw it, in a
    // different file each run).
    testTimeout: 60_000,
    projects: resolved.map((project) => ({ ...project, transformIgnorePatterns: [esm] })),
  };
}
