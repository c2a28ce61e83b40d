import { z } from 'zod';
import type { ChatwootWidget } from '@/lib/schemas/support';

/**
 * Every setting the application reads from the environment, validated once at start.
 * Each variable is documented in README.md with its default; with none set, the site runs.
 */
const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** A comma-separated list; blanks dropped. */
const commaList = () =>
  z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    );

/** A path on the site (never another origin: `//host` and `/\\host` are refused). */
const sitePath = z.string().regex(/^\/(?![/\\])/, 'a path on the site, starting with one /');
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());

/** A network's confirmations before a deposit is credited (unset: the network's default). */
const confirmations = z.coerce.number().int().min(1).max(1000).optional();
/** Token contracts a network accepts: `SYMBOL=0xcontract:decimals`, comma-separated. */
const tokenList = z
  .string()
  .regex(/^[A-Z0-9]{2,10}=0x[0-9a-fA-F]{40}:\d{1,2}(,[A-Z0-9]{2,10}=0x[0-9a-fA-F]{40}:\d{1,2})*$/)
  .optional();

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /**
   * The public address (canonical, hreflang, Open Graph, the socket's origin). Required in
   * production: a guess would put localhost into every link search engines keep. `npm start` sets
   * http://localhost:$PORT when it is unset; development and tests use that too.
   */
  SITE_URL: z.url().optional(),
  /** The operator's name in code messages, the authenticator app entry and wallet sign-in messages. */
  SITE_NAME: z.string().min(1).default('Nova Casino'),
  /**
   * Proxies in front of server.ts that append to X-Forwarded-For (a load balancer, a CDN): 0 trusts
   * only the socket's peer; N takes the Nth entry from the right. Anything further left is the client's claim.
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * How long server.ts keeps a rendered page (per address, display settings and country) before
   * rendering it again (10 s: a lobby under a promotion's rush renders once per page, and content
   * edits show within seconds); 0 turns the page cache off. Every hit gets a fresh nonce.
   */
  HTML_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  /**
   * The longest a page render is waited for: past it, the page is no longer held for the cache
   * (its visitor gets it as it streams, nothing is kept) and requests that joined it render on
   * their own; the readiness call (/api/v1/health/ready) fails past it too.
   */
  HTML_RENDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  ALLOWED_ORIGINS: commaList(),
  DATABASE_URL: optionalUrl,
  PGLITE_DATA_DIR: z.string().default('.data/pglite'),
  /**
   * A dump of a migrated PGlite data directory (PGlite's dumpDataDir, a tar) that a `memory://`
   * database starts from: a fresh one otherwise runs initdb, 4.5 s of the 5.3 s it takes to open.
   * The tests make one per run of migrations (test/setup/pglite-template.mjs).
   */
  PGLITE_TEMPLATE: z.string().optional(),
  /** Where uploaded files live (avatars, verification documents): outside the web root. */
  UPLOADS_DIR: z.string().default('.data/uploads'),
  /**
   * An S3-compatible bucket for uploads instead of UPLOADS_DIR (several servers, or no disk to
   * keep): AWS S3 by region, or any compatible service at S3_ENDPOINT (path-style). Keep it private.
   */
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  SEED_DEMO: booleanFlag.default(true),
  /**
   * Whether this server works the job queue (releases, deliveries, payouts, watchers). A web-only
   * replica behind a load balancer sets it to false: it still enqueues, the others do the work.
   */
  JOB_WORKERS: booleanFlag.default(true),
  API_BASE_URL: optionalUrl,
  CONTENT_API_URL: optionalUrl,
  CONTENT_API_TOKEN: z.string().optional(),
  /** How long the content service may take before the last good copy is served instead. */
  CONTENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(1500),
  /**
   * How long a content document is kept before it is asked for again. Published changes arrive
   * sooner through the webhook (/api/revalidate); this is the net under a missed one.
   */
  CONTENT_TTL_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
  /** The shared secret of the CMS webhook (POST /api/revalidate); unset, the webhook is off (404). */
  REVALIDATE_SECRET: z.string().min(24).optional(),
  /** The secret of the editors' preview link (/api/draft); unset, preview is off (404). */
  PREVIEW_SECRET: z.string().min(24).optional(),
  /** The CMS admin's origin: only draft-mode pages may be framed by it (Strapi's preview pane). */
  CMS_ADMIN_ORIGIN: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SOCKET_PATH: z.string().startsWith('/').default('/socket.io'),
  CSP_FRAME_ANCESTORS: z.string().default("'none'"),
  /**
   * Origins (https only) whose scripts the content service may add to every page; with the CSP's
   * 'strict-dynamic' the nonce is the only gate, so this list is enforced when the page is drawn.
   */
  SCRIPT_ORIGINS: commaList()
    .pipe(z.array(z.url({ protocol: /^https$/ })))
    .transform((urls) => urls.map((u) => new URL(u).origin)),
  /** Lets the content service add inline scripts to every page. Off: a CMS account cannot run code. */
  ALLOW_INLINE_CMS_SCRIPTS: booleanFlag.default(false),
  /** The operator's GitBook help centre; `{lang}` is replaced by the page's language. */
  HELP_GITBOOK_URL: optionalUrl,
  /** Serves /error-probe, a page that throws, so tests can see the error page. Never in production use. */
  ERROR_PROBE: booleanFlag.default(false),

  /** Signs access and stream tokens and captcha challenges; without it one is made and kept in the database. */
  AUTH_SECRET: z.string().min(32).optional(),
  /**
   * The operator API's automation key (an admin): at least 32 characters, sent as a bearer token.
   * Unset, the operator API answers 404 as if it did not exist.
   */
  OPERATOR_TOKEN: z.string().min(32).optional(),
  /**
   * The back office's own address (e.g. https://office.casino.example): set, /operator and the
   * staff sign-in answer only on that host; unset, on the site's.
   */
  OPERATOR_ORIGIN: optionalUrl,
  /**
   * When agents answer live chat, in UTC (`09:00-21:00`; a range may cross midnight). Outside it
   * the support panel says when the next reply will come. Unset: around the clock.
   */
  SUPPORT_HOURS: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM-HH:MM (UTC)')
    .optional(),
  /**
   * GetStream Chat, for operators whose support runs there: with both set, every sign-in's
   * getStreamToken is a Stream Chat user token (HS256, user_id = the player's id) and the platform
   * socket authenticates with the socketToken answered beside it.
   */
  STREAM_API_KEY: z.string().min(1).optional(),
  STREAM_API_SECRET: z.string().min(16).optional(),
  /**
   * Who answers live chat: the platform's own (agents in /operator) or a self-hosted Chatwoot,
   * whose website SDK the support panel then loads (CHATWOOT_BASE_URL, CHATWOOT_WEBSITE_TOKEN and
   * CHATWOOT_HMAC_TOKEN, the inbox's identity-validation secret, all required).
   */
  SUPPORT_PROVIDER: z.enum(['platform', 'chatwoot']).default('platform'),
  CHATWOOT_BASE_URL: optionalUrl,
  CHATWOOT_WEBSITE_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, "the website inbox's token (letters and digits)")
    .optional(),
  CHATWOOT_HMAC_TOKEN: z.string().min(16).optional(),
  /** How long a back-office sign-in lasts. */
  STAFF_SESSION_HOURS: z.coerce.number().int().min(1).max(168).default(12),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(8760).default(720),
  /**
   * Withdrawals wait this long after a change of email, phone or password, or 2FA turned off: a token stolen
   * from localStorage, or a hijacked sign-in, must not be enough to empty the account.
   */
  WITHDRAWAL_HOLD_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  /**
   * How long a posting waits for a row lock before it gives up and is tried again (three times,
   * then 503 BUSY): a stuck transaction must not hold every later one of the player.
   */
  POST_LOCK_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(3000),
  /**
   * Sub-accounts per house account and currency, one chosen from the player: a product's bets of
   * different players update different rows instead of all queuing on one (docs/ledger.md).
   */
  HOUSE_SLOTS: z.coerce.number().int().min(1).max(256).default(16),
  /** The originals' house edge in basis points (Dice and Limbo; Plinko's is its table's). */
  ORIGINALS_EDGE_BPS: z.coerce.number().int().min(0).max(1000).default(100),
  /**
   * Crash (docs/fairness.md): the round engine runs on every server that may lead (one leads at a
   * time, by a PostgreSQL advisory lock); the chain is made on first start with this length and
   * edge, fixed for its life. With CRASH_SALT (the hash of the Bitcoin block at
   * CRASH_SALT_HEIGHT, announced with the commitment) the salt is that block's; without, a demo
   * salt, labelled as one.
   */
  CRASH_ENGINE: booleanFlag.default(true),
  CRASH_CHAIN_LENGTH: z.coerce.number().int().min(10).max(10_000_000).default(1_000_000),
  CRASH_EDGE_BPS: z.coerce.number().int().min(0).max(1000).default(100),
  CRASH_SALT: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  CRASH_SALT_HEIGHT: z.coerce.number().int().min(0).optional(),
  /** How long a round takes bets before it starts, and the pause after a bust. */
  CRASH_BETTING_MS: z.coerce.number().int().min(500).max(60_000).default(6000),
  CRASH_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  /** The most one round pays in USD: reached, everyone still in is cashed out. */
  CRASH_ROUND_MAX_PAYOUT_USD: z.coerce.number().positive().max(1e10).default(500_000),
  /** The smallest non-zero bet in USD at the current rate (never below 10⁴ ledger units). */
  MIN_BET_USD: z.coerce.number().positive().max(1000).default(0.01),
  /** The most one bet may pay in USD at the current rate: a stake × multiplier above it is refused. */
  MAX_WIN_USD: z.coerce.number().positive().max(1e9).default(100_000),
  /** Shared abuse-limit counters for several servers; in-process counters without it. */
  REDIS_URL: optionalUrl,

  /** Code delivery: SMTP for email, an operator webhook for SMS; without them the development outbox. */
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Casino <no-reply@localhost>'),
  SMS_WEBHOOK_URL: optionalUrl,
  SMS_WEBHOOK_TOKEN: z.string().optional(),
  /** Lists undelivered codes at /dev/outbox. `npm start` turns it on for the local demo; never set it in production. */
  DEV_OUTBOX: booleanFlag.default(false),

  CAPTCHA_PROVIDER: z.enum(['altcha', 'turnstile', 'hcaptcha']).default('altcha'),
  CAPTCHA_SITE_KEY: z.string().optional(),
  CAPTCHA_SECRET: z.string().optional(),
  /** Overrides the Turnstile / hCaptcha verification address (a local counterpart in tests). */
  CAPTCHA_VERIFY_URL: optionalUrl,

  /** EVM chains a wallet sign-in message may name (EIP-155 ids). */
  SIWE_CHAIN_IDS: z
    .string()
    .default('1')
    .transform((v) => v.split(',').map((s) => Number(s.trim())))
    .pipe(z.array(z.number().int().positive()).min(1)),
  /** A game aggregator that launches real games; without it games open in the demo frame. */
  GAMES_AGGREGATOR_URL: optionalUrl,
  /**
   * A CoinGecko-compatible simple-price API for the fiat view (`<url>/simple/price?ids=…&vs_currencies=…`),
   * e.g. https://api.coingecko.com/api/v3; unset, a built-in table marked indicative.
   */
  RATES_URL: optionalUrl,
  RATES_API_KEY: z.string().optional(),
  /**
   * The operator's extended public key (xpub, at the level whose children are deposit addresses,
   * e.g. m/44'/60'/0'/0): each player's EVM deposit address is its child at the player's index.
   */
  WALLET_XPUB: z
    .string()
    .regex(/^[xt]pub[1-9A-HJ-NP-Za-km-z]{100,112}$/, 'an xpub or tpub')
    .optional(),
  /**
   * Without WALLET_XPUB, derive deposit addresses from a development key made once and kept
   * (sealed) in the database. On outside production; `npm start` turns it on for the demo.
   */
  DEV_WALLET: booleanFlag.optional(),
  /**
   * The local demo's chain (`npm start` with no chain, custodian or signer configured): test
   * deposits from its funder to a player's address, for callers on this machine. Honoured only with
   * a localhost SITE_URL and a local node for Ethereum, like the development outbox.
   */
  DEV_CHAIN: booleanFlag.default(false),
  /**
   * The sportsbook's demo feed (a schedule of invented matches in every sport section, priced by
   * us from two invented books): `npm start` turns it on for a site served on this machine;
   * honoured only with a localhost SITE_URL, so a deployment never lists invented matches.
   */
  SPORTS_DEMO_FEED: booleanFlag.default(false),
  /**
   * How long a demo match lasts in real minutes (a soccer match's ninety compressed), and how
   * often the demo feed moves its matches in play.
   */
  SPORTS_DEMO_MATCH_MINUTES: z.coerce.number().min(0.2).max(240).default(12),
  SPORTS_DEMO_TICK_MS: z.coerce.number().int().min(200).max(60_000).default(3_000),
  /**
   * How long a bet on a match under way waits before it is taken (outside any database
   * transaction), so a price cannot be taken after something happened on the pitch; then the
   * market and its price are checked again.
   */
  LIVE_BET_DELAY_MS: z.coerce.number().int().min(0).max(30_000).default(5_000),
  /**
   * A live market's prices older than this are stale: the market takes no bets and offers no
   * cash-out until the feed prices it again.
   */
  LIVE_STALE_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /**
   * What a cash-out keeps below the bet's fair value now (0.05: 5 %). Never 0 or less: the site
   * refuses to start, since a free cash-out is an option an arbitrageur can exercise.
   */
  CASHOUT_MARGIN: z.coerce.number().gt(0).lt(0.5).default(0.05),
  /**
   * The demo's back-office admin, made at start if absent (DEV_CHAIN on a localhost site only):
   * `npm start` generates them once under .data/ and prints them.
   */
  DEMO_ADMIN_EMAIL: z.email().optional(),
  DEMO_ADMIN_PASSWORD: z.string().min(12).optional(),
  DEMO_ADMIN_TOTP_SECRET: z
    .string()
    .regex(/^[A-Z2-7]{16,64}$/, 'base32')
    .optional(),
  /**
   * Per EVM network the platform watches itself: its JSON-RPC endpoint (unset: no deposits there),
   * confirmations before a deposit credits, and the token contracts it accepts (unset: the network's
   * well-known USDT and USDC).
   */
  EVM_RPC_URL_ETHEREUM: optionalUrl,
  EVM_RPC_URL_BSC: optionalUrl,
  EVM_RPC_URL_POLYGON: optionalUrl,
  EVM_CONFIRMATIONS_ETHEREUM: confirmations,
  EVM_CONFIRMATIONS_BSC: confirmations,
  EVM_CONFIRMATIONS_POLYGON: confirmations,
  EVM_TOKENS_ETHEREUM: tokenList,
  EVM_TOKENS_BSC: tokenList,
  EVM_TOKENS_POLYGON: tokenList,
  /**
   * The EVM hot wallet's private key (0x + 64 hex): approved withdrawals on the watched EVM networks
   * are signed with it and broadcast. Unset, approved withdrawals wait (paid by hand or a custodian).
   */
  WITHDRAWAL_SIGNER_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, '0x and 64 hex digits')
    .optional(),
  /**
   * A custodian for the networks the platform does not watch itself (Bitcoin, TRON, Solana):
   * deposit addresses, signed webhooks for incoming payments, payouts. Unset, those networks take
   * no deposits.
   */
  CUSTODIAN: z.enum(['nowpayments']).optional(),
  NOWPAYMENTS_API_KEY: z.string().optional(),
  /** The IPN secret NOWPayments signs its webhooks with (HMAC-SHA512). */
  NOWPAYMENTS_IPN_SECRET: z.string().optional(),
  NOWPAYMENTS_API_URL: z.url().default('https://api.nowpayments.io/v1'),
  /**
   * Payouts through NOWPayments (approved withdrawals on its networks): the account's sign-in for
   * the payout API, and the base32 secret of its 2FA app so each payout is verified with a fresh
   * code. Without them, approved withdrawals on those networks wait and the operator is alerted.
   */
  NOWPAYMENTS_EMAIL: z.string().optional(),
  NOWPAYMENTS_PASSWORD: z.string().optional(),
  NOWPAYMENTS_2FA_SECRET: z.string().optional(),
  /**
   * A Solana JSON-RPC endpoint players' browsers may call (allowed by the CSP): with it, the deposit
   * tab offers paying a Solana deposit address from Phantom. Unset, that button does not show.
   */
  SOLANA_RPC_URL: optionalUrl,
  /**
   * Blocks a payout transaction may wait unconfirmed before it is replaced (same nonce, same
   * transfer) at fees raised by at least 12.5 %, the least nodes accept for a replacement.
   */
  PAYOUT_BUMP_BLOCKS: z.coerce.number().int().min(0).max(1000).default(5),
  /** The highest max fee per gas (in gwei) a replacement may reach; past it an alert, not a bump. */
  PAYOUT_MAX_FEE_GWEI: z.coerce.number().positive().max(100_000).default(500),
  /**
   * Passes a custodian payout request may go unfound (its answer lost, no trace at the provider)
   * before the payments team is alerted with the evidence; it is never requested a second time.
   */
  CUSTODIAN_LOST_PASSES: z.coerce.number().int().min(1).max(1000).default(10),
  /**
   * Past this many USD of manual adjustments to one player in 24 hours (the new one included, so
   * splitting does not escape it), an adjustment waits for a second staff member's approval.
   */
  ADJUSTMENT_FOUR_EYES_USD: z.coerce.number().min(0).max(1e9).default(1000),
  /** How often the deposit watcher asks each chain for new blocks. */
  EVM_POLL_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
  GAMES_AGGREGATOR_KEY: z.string().optional(),
  /**
   * The aggregator whose Games and Wallet APIs we speak (docs/casino-aggregators.md); unset, the
   * generic launch call above. With `hub88`, GAMES_AGGREGATOR_URL is Hub88's API base address.
   */
  GAMES_AGGREGATOR: z.enum(['hub88']).optional(),
  HUB88_OPERATOR_ID: z.coerce.number().int().positive().optional(),
  /** Ours, PEM (a `\n` may stand for a line break): signs our calls. Made under .data/ outside production. */
  HUB88_OPERATOR_PRIVATE_KEY: z.string().optional(),
  /** Hub88's, PEM: verifies the wallet calls it makes to us. */
  HUB88_PUBLIC_KEY: z.string().optional(),
  /** The players' country (ISO 3166-1) sent with each launch, where the aggregator asks for one. */
  HUB88_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  /** Where keys made outside production are kept (never committed). */
  HUB88_KEY_DIR: z.string().default('.data/hub88'),
  /** A game session stops taking bets this long after its last bet … */
  GAME_SESSION_IDLE_MIN: z.coerce.number().int().min(1).max(1440).default(30),
  /** … and this long after its launch, however much it is used. */
  GAME_SESSION_MAX_H: z.coerce.number().int().min(1).max(168).default(24),
  /** A third-party round the aggregator never closed is closed this long after its last call. */
  CASINO_ROUND_CLOSE_H: z.coerce.number().int().min(1).max(720).default(24),
  /**
   * Group commit of the aggregator's bets and wins (lib/server/casino/group-commit.ts): at most
   * this many calls, of as many players, in one transaction; 1 posts every call alone.
   */
  CASINO_BATCH_MAX: z.coerce.number().int().min(1).max(64).default(32),
  /** Batches of wallet calls in flight at once per server; a call beyond them waits for the next. */
  CASINO_BATCHES: z.coerce.number().int().min(1).max(16).default(2),
  /** Origins the game frame may load (comma-separated); the aggregator's own by default. */
  GAMES_FRAME_ORIGINS: commaList(),
  /** How long public catalog answers (lobby rows, category pages, searches) are reused; 0 = never. */
  GAMES_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  WALLETCONNECT_PROJECT_ID: z.string().optional(),
  /** Another WalletConnect relay (a local one in tests); unset, the SDK's own. */
  WALLETCONNECT_RELAY_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]+$/)
    .optional(),
  TELEGRAM_BOT_NAME: z.string().optional(),
  COINBASE_CLIENT_ID: z.string().optional(),
  COINBASE_CLIENT_SECRET: z.string().optional(),
  COINBASE_AUTHORIZE_URL: z.url().default('https://login.coinbase.com/oauth2/auth'),
  COINBASE_TOKEN_URL: z.url().default('https://login.coinbase.com/oauth2/token'),
  COINBASE_API_URL: z.url().default('https://api.coinbase.com/v2'),
  /**
   * Where the callback sends the browser back on the site (paths under SITE_URL): the page whose head
   * script catches `access_token`, and the sign-in modal's Coinbase tab when the round trip failed.
   */
  COINBASE_RETURN_PATH: sitePath.default('/'),
  COINBASE_ERROR_PATH: sitePath.default('/?modal=auth&tab=1&coinbase_error=1'),
});

export type AppConfig = Omit<z.infer<typeof configSchema>, 'SITE_URL'> & { SITE_URL: string };

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { SITE_URL, ...rest } = parsed.data;
  if (Boolean(rest.STREAM_API_KEY) !== Boolean(rest.STREAM_API_SECRET)) {
    throw new Error(
      'Invalid configuration:\n  STREAM_API_KEY, STREAM_API_SECRET: set both (GetStream Chat) or neither',
    );
  }
  if (
    rest.SUPPORT_PROVIDER === 'chatwoot' &&
    !(rest.CHATWOOT_BASE_URL && rest.CHATWOOT_WEBSITE_TOKEN && rest.CHATWOOT_HMAC_TOKEN)
  ) {
    throw new Error(
      'Invalid configuration:\n  CHATWOOT_BASE_URL, CHATWOOT_WEBSITE_TOKEN, CHATWOOT_HMAC_TOKEN: required with SUPPORT_PROVIDER=chatwoot',
    );
  }
  if (rest.S3_BUCKET && !(rest.S3_ACCESS_KEY_ID && rest.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required with S3_BUCKET',
    );
  }
  if (
    rest.GAMES_AGGREGATOR === 'hub88' &&
    !(rest.GAMES_AGGREGATOR_URL && rest.HUB88_OPERATOR_ID && rest.HUB88_PUBLIC_KEY)
  ) {
    throw new Error(
      'Invalid configuration:\n  GAMES_AGGREGATOR_URL, HUB88_OPERATOR_ID, HUB88_PUBLIC_KEY: required with GAMES_AGGREGATOR=hub88',
    );
  }
  // The build renders nothing for a visitor: only a serving production process needs the address.
  const serving = rest.NODE_ENV === 'production' && env.NEXT_PHASE !== 'phase-production-build';
  if (rest.GAMES_AGGREGATOR === 'hub88' && serving && !rest.HUB88_OPERATOR_PRIVATE_KEY) {
    throw new Error(
      'Invalid configuration:\n  HUB88_OPERATOR_PRIVATE_KEY: required in production with GAMES_AGGREGATOR=hub88 (keys are made under .data/ only outside it)',
    );
  }
  if (!SITE_URL && serving) {
    throw new Error(
      'Invalid configuration:\n  SITE_URL: required in production (the public address, e.g. https://casino.example); `npm start` sets http://localhost:$PORT',
    );
  }
  return { ...rest, SITE_URL: SITE_URL ?? `http://localhost:${rest.PORT}` };
}

export const config: AppConfig = loadConfig();

/** The Chatwoot website inbox the support panel opens, when live chat runs there (public). */
export function chatwootWidget(cfg: AppConfig = config): ChatwootWidget | null {
  if (
    cfg.SUPPORT_PROVIDER !== 'chatwoot' ||
    !cfg.CHATWOOT_BASE_URL ||
    !cfg.CHATWOOT_WEBSITE_TOKEN
  ) {
    return null;
  }
  return {
    baseUrl: new URL(cfg.CHATWOOT_BASE_URL).origin,
    websiteToken: cfg.CHATWOOT_WEBSITE_TOKEN,
  };
}

/** Where the browser reaches the platform API. */
export function browserApiBaseUrl(cfg: AppConfig = config): string {
  return cfg.API_BASE_URL ?? '/api/v1';
}
