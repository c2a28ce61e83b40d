import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/** Languages config (spec §3, §7): the languages the platform offers, in picker order. */
export const languages = pgTable('languages', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  flag: text('flag').notNull(),
  direction: text('direction', { enum: ['ltr', 'rtl'] })
    .notNull()
    .default('ltr'),
  sortOrder: integer('sort_order').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

/** How a player signs in; `loginType` on the profile (spec §3). */
export const loginTypes = [
  'email',
  'phone',
  'metamask',
  'walletconnect',
  'phantom',
  'telegram',
  'google',
  'coinbase',
] as const;
export type LoginType = (typeof loginTypes)[number];

/** Players: one row per person, whichever ways they sign in. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The public member number the profile and support widget show as memberId. */
    memberNo: integer('member_no').generatedAlwaysAsIdentity({ startWith: 10000001 }),
    email: text('email').unique(),
    phone: text('phone').unique(),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    /** pending until the activation code is entered; only active players may sign in. */
    status: text('status', { enum: ['pending', 'active', 'blocked'] })
      .notNull()
      .default('active'),
    role: text('role').notNull().default('player'),
    language: text('language').notNull().default('en'),
    /** The fiat currency amounts are viewed in (spec §3 settings.view_in_fiat_object). */
    currency: text('currency').notNull().default('USD'),
    /** The crypto the header balance shows. */
    navbarCurrency: text('navbar_currency').notNull().default('USDT'),
    avatar: text('avatar'),
    loginType: text('login_type', { enum: loginTypes }).notNull().default('email'),
    evmAddress: text('evm_address').unique(),
    solanaAddress: text('solana_address').unique(),
    telegramId: text('telegram_id').unique(),
    googleSub: text('google_sub').unique(),
    coinbaseId: text('coinbase_id').unique(),
    /** The promotion (referral) code the player registered with. */
    promotionCode: text('promotion_code'),
    twoFactorSecret: text('two_factor_secret'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    twoFactorLastStep: integer('two_factor_last_step'),
    vipLevel: integer('vip_level').notNull().default(0),
    levelProgress: integer('level_progress').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('users_level_progress', sql`${t.levelProgress} between 0 and 100`)],
);

/**
 * Server-side sessions. The access token is a signed JWT naming its session row, and only the
 * token's hash is stored, so sign-out and expiry really revoke it and a leaked table replays nothing.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    loginType: text('login_type', { enum: loginTypes }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Track current route (spec §7): the full page address the player is on. */
    currentRoute: text('current_route'),
    routeUpdatedAt: timestamp('route_updated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** What a sign-up request asks for; activation applies the one whose code was entered. */
export type SignUpRequest = {
  passwordHash: string;
  language: string;
  promotionCode: string | null;
};

/**
 * Activation and password-reset codes: stored hashed, single use, expiring, attempt-limited. A row
 * is written when the request is answered (the same work whether or not an account exists); the
 * delivery job then finds the account, makes the code and sends it, filling `userId` and `codeHash`.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: ['activation', 'password_reset'] }).notNull(),
    channel: text('channel', { enum: ['email', 'phone'] }).notNull(),
    contact: text('contact').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Null until the delivery job made and sent the code. */
    codeHash: text('code_hash'),
    /** Sign-up: the password hash, language and promotion code of this very request. */
    payload: jsonb('payload').$type<SignUpRequest>(),
    /** The language the message is written in. */
    locale: text('locale').notNull().default('en'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_lookup_idx').on(t.purpose, t.contact)],
);

/** Wallet sign-in messages (SIWE, Phantom): each nonce is single use and expires. */
export const authNonces = pgTable('auth_nonces', {
  nonce: text('nonce').primaryKey(),
  /** Set when a signed-in player links the wallet to their account instead of signing in. */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  chain: text('chain', { enum: ['evm', 'solana'] }).notNull(),
  address: text('address').notNull(),
  message: text('message').notNull(),
  loginType: text('login_type', { enum: loginTypes }).notNull(),
  promotionCode: text('promotion_code'),
  twoFactorCode: text('two_factor_code'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});

/**
 * Proofs that may be used once (a Telegram login payload, an OAuth state): the first insert of a
 * (kind, key) wins, every later one finds the row and is refused. Expired rows are pruned.
 */
export const spentTokens = pgTable(
  'spent_tokens',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);

/**
 * The platform's own one-time sign-in codes for OAuth providers (Coinbase): the callback exchanges
 * the provider's code on the server and hands the browser one of these instead of the provider's
 * token. Stored hashed, bound to the browser by a cookie (`binderHash`), single use, 60 seconds.
 */
export const signInCodes = pgTable('sign_in_codes', {
  codeHash: text('code_hash').primaryKey(),
  binderHash: text('binder_hash').notNull(),
  provider: text('provider', { enum: ['coinbase'] }).notNull(),
  /** The provider's id of the person (Coinbase user id). */
  subject: text('subject').notNull(),
  profile: jsonb('profile').$type<{ name?: string; avatar?: string | null }>(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});

/** Captcha solutions already accepted: each one is usable once. */
export const captchaUses = pgTable('captcha_uses', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Every message the platform sends (codes), and where it went; the development outbox lists them. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['email', 'phone'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    transport: text('transport', { enum: ['smtp', 'sms', 'outbox'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_created_idx').on(t.createdAt)],
);

/**
 * Secrets the platform makes for itself when the operator sets no AUTH_SECRET: the master key every
 * signing and encryption key is derived from. **Sensitive**: whoever reads this table can mint
 * sessions for any player and decrypt 2FA secrets. Back it up like a key, not like data.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A player's balance per currency in integer minor units; never negative. The wallet work adds the
 * ledger every change goes through.
 */
export const walletBalances = pgTable(
  'wallet_balances',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.currency] }),
    check('wallet_balances_non_negative', sql`${t.amountMinor} >= 0`),
  ],
);

/** Applied demo seeds, so the seed runs once per version even across restarts. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  details: jsonb('details'),
});

/** Cryptos list (spec §3, §7): the currencies the footer's logo strip shows. */
export const cryptos = pgTable('cryptos', {
  symbol: text('symbol').primaryKey(),
  name: text('name').notNull(),
  logoUrl: text('logo_url').notNull(),
  /** Places after the point in the currency's minor unit (BTC 8, USDT 6). */
  decimals: integer('decimals').notNull().default(8),
  sortOrder: integer('sort_order').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

/** Error log (spec §7): interface errors the site reports, for operators to read. */
export const errorLogs = pgTable(
  'error_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    message: text('message').notNull(),
    componentStack: text('component_stack'),
    url: text('url').notNull(),
    userAgent: text('user_agent'),
    /** When the browser saw the error; createdAt is when the platform stored it. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('error_logs_created_idx').on(t.createdAt)],
);

/** Game studios (spec §3: providers carry `_id`), each with a local logo. */
export const gameProviders = pgTable('game_providers', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  logo: text('logo').notNull(),
  /** lower(unaccent(name)), kept by the database for search. */
  searchText: text('search_text').notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
});

/** The game catalog (spec §3 Game): what lobbies, tabs and search list. */
export const games = pgTable(
  'games',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The aggregator's id for launching the game. */
    gameId: text('game_id').notNull().unique(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => gameProviders.id),
    section: text('section', { enum: ['casino', 'slots'] }).notNull(),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    platforms: text('platforms')
      .array()
      .notNull()
      .default(sql`'{desktop,mobile}'::text[]`),
    rtp: text('rtp').notNull(),
    btcValue: text('btc_value').notNull(),
    icon: text('icon').notNull(),
    hot: boolean('hot').notNull().default(false),
    releaseDate: text('release_date').notNull(),
    popularity: integer('popularity').notNull().default(0),
    /** lower(unaccent(name)), kept by the database for search. */
    searchText: text('search_text').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    index('games_section_idx').on(t.section, t.popularity),
    index('games_provider_idx').on(t.providerId),
  ],
);

/** A player's favourite games. */
export const favoriteGames = pgTable(
  'favorite_games',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] })],
);

/** Recently played: one row per player and game, moved to the top on every launch. */
export const recentGames = pgTable(
  'recent_games',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.gameId] }),
    index('recent_games_user_idx').on(t.userId, t.playedAt),
  ],
);
