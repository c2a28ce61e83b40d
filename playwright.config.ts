import { defineConfig, devices } from '@playwright/test';
import { siteEnv } from './scripts/chain/tokens';
import { SERVER_NODE_FLAGS } from './scripts/server-flags.mjs';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${PORT}`;
export const E2E_TELEGRAM_BOT_TOKEN = '123456:e2e-bot-token';
export const E2E_COINBASE_PORT = 3199;
export const E2E_GOOGLE_CLIENT_ID = 'e2e-google-client.apps.googleusercontent.com';
export const E2E_JWKS_PORT = 3198;
export const E2E_WALLETCONNECT_RELAY_PORT = 3197;
/** The local EVM node the wallet tests deposit on (Ganache, a block per transaction). */
export const E2E_CHAIN_PORT = 3196;
export const E2E_CONFIRMATIONS = 3;
/** NOWPayments' local counterpart (and a Solana RPC): Bitcoin, TRON and Solana deposits. */
export const E2E_CUSTODIAN_PORT = 3195;
export const E2E_CUSTODIAN = {
  apiKey: 'e2e-nowpayments-key',
  ipnSecret: 'e2e-nowpayments-ipn-secret',
  url: `http://127.0.0.1:${E2E_CUSTODIAN_PORT}`,
};
/** The operator API's token on the e2e server (approving withdrawals). */
export const E2E_OPERATOR_TOKEN = 'e2e-operator-token-0123456789abcdef';

// Debian's Chromium: Playwright cannot download its own browser here (MACHINE-FACTS).
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    // Without a GPU the compositor still ran in a process of its own, a fifth of the suite's CPU;
    // on the browser's thread it costs less (shell.spec: 4.9 → 3.9 min, measured with the two below).
    '--in-process-gpu',
    '--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,AutofillServerCommunication',
    '--mute-audio',
  ],
};

const screensIgnore = process.env.SCREENS ? [] : [/screens\.spec\.ts/];

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Two workers, the server and two Chromiums share two cores: a page can take 10 s to hydrate.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  // A trace is recorded on the retry only: recording every test's screencast took a quarter of
  // the suite's time (shell.spec: 6.7 → 4.9 min without it). CI retries once, so a failure has one.
  use: { baseURL, trace: 'on-first-retry', screenshot: 'only-on-failure', launchOptions },
  // The review screenshots (e2e/screens.spec.ts) assert nothing, so they are no part of `npm test`:
  // `npm run screens` takes them.
  testIgnore: screensIgnore,
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions },
      testIgnore: [...screensIgnore, /cluster\.spec\.ts/, /cms\.spec\.ts/],
      // Flows only a phone has (the bottom bar, the full-screen panel) run in the phone project alone.
      grepInvert: /@phone-only/,
    },
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions }, grep: /@phone/ },
    // Two servers on one PostgreSQL and one Redis: only where the tests have both (.ci/run).
    ...(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL
      ? [
          {
            name: 'cluster',
            use: { ...devices['Desktop Chrome'], launchOptions },
            testMatch: /cluster\.spec\.ts/,
          },
        ]
      : []),
    // The content service for real: a Strapi 5 from cms/, run by `npm test`'s cms step alone.
    ...(process.env.CMS_E2E && process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL
      ? [
          {
            name: 'cms',
            use: { ...devices['Desktop Chrome'], launchOptions },
            testMatch: /cms\.spec\.ts/,
          },
        ]
      : []),
  ],
  webServer: [
    {
      // WalletConnect's relay, for the sign-in and pay-from-wallet flows of any worker.
      command: `node --import tsx e2e/relay-server.ts ${E2E_WALLETCONNECT_RELAY_PORT}`,
      port: E2E_WALLETCONNECT_RELAY_PORT,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: `node --import tsx scripts/chain/run.ts --no-site --block-time 0 --port ${E2E_CHAIN_PORT}`,
      port: E2E_CHAIN_PORT,
      timeout: 60_000,
      reuseExistingServer: false,
    },
    {
      command: 'node --import tsx e2e/custodian-server.ts',
      port: E2E_CUSTODIAN_PORT,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      // The production build, served the way `npm start` serves it, on a fresh in-memory database.
      command: `node ${SERVER_NODE_FLAGS.join(' ')} --import tsx server.ts`,
      url: `${baseURL}/api/v1/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: String(PORT),
        SITE_URL: baseURL,
        PGLITE_DATA_DIR: 'memory://',
        LOG_LEVEL: 'warn',
        ERROR_PROBE: 'true',
        HELP_GITBOOK_URL: 'https://help.example.test/{lang}',
        // Sign-up and reset codes land in the development outbox, where the tests read them.
        DEV_OUTBOX: 'true',
        // As if behind one proxy: each test sends its own loopback X-Forwarded-For (e2e/fixtures.ts),
        // so per-address limits are per test. The no-proxy default is tested on a server of its own.
        TRUSTED_PROXY_HOPS: '1',
        // Telegram, Google, WalletConnect and Coinbase are verified against local counterparts (e2e/auth-social.spec.ts).
        WALLETCONNECT_PROJECT_ID: 'e2e-project',
        WALLETCONNECT_RELAY_URL: `ws://127.0.0.1:${E2E_WALLETCONNECT_RELAY_PORT}`,
        GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT_ID,
        GOOGLE_JWKS_URL: `http://127.0.0.1:${E2E_JWKS_PORT}/certs`,
        TELEGRAM_BOT_TOKEN: E2E_TELEGRAM_BOT_TOKEN,
        TELEGRAM_BOT_NAME: 'e2e_bot',
        COINBASE_CLIENT_ID: 'e2e-client',
        COINBASE_CLIENT_SECRET: 'e2e-secret',
        COINBASE_TOKEN_URL: `http://127.0.0.1:${E2E_COINBASE_PORT}/oauth2/token`,
        COINBASE_API_URL: `http://127.0.0.1:${E2E_COINBASE_PORT}/v2`,
        NEXT_TELEMETRY_DISABLED: '1',
        // The wallet flows turn 2FA on and withdraw at once; the hold after such a change is
        // tested in Jest (test/server/withdrawals.test.ts).
        WITHDRAWAL_HOLD_HOURS: '0',
        // Deposits on the local chain above, addresses from the development key.
        ...siteEnv(E2E_CHAIN_PORT, { confirmations: E2E_CONFIRMATIONS, pollSeconds: 1 }),
        DEV_WALLET: 'true',
        OPERATOR_TOKEN: E2E_OPERATOR_TOKEN,
        CUSTODIAN: 'nowpayments',
        NOWPAYMENTS_API_KEY: E2E_CUSTODIAN.apiKey,
        NOWPAYMENTS_IPN_SECRET: E2E_CUSTODIAN.ipnSecret,
        NOWPAYMENTS_API_URL: `${E2E_CUSTODIAN.url}/v1`,
        SOLANA_RPC_URL: `${E2E_CUSTODIAN.url}/solana`,
        // Crash: a shorter chain (made at start) and rounds paced for the two-browser flow.
        CRASH_CHAIN_LENGTH: '100000',
        CRASH_BETTING_MS: '8000',
        CRASH_PAUSE_MS: '2000',
        // The sportsbook's demo feed, on a fixed seed; a live bet's delay kept short; its matches
        // in play moved every 5 s (the default 3 s is work the other tests' servers share).
        SPORTS_DEMO_FEED: 'true',
        SPORTS_FEED_SEED: '42',
        SPORTS_DEMO_TICK_MS: '5000',
        LIVE_BET_DELAY_MS: '500',
      },
    },
  ],
});
