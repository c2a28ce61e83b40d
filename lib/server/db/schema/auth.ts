import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { loginTypes, users } from './players';
import { createdAt, id, moment } from './columns';

/* Single-use things of the sign-in surface (codes, nonces, spent tokens, captcha solutions) and the messages sent. */

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
    id: id(),
    purpose: text('purpose', {
      enum: ['activation', 'password_reset', 'contact_change'],
    }).notNull(),
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
    expiresAt: moment('expires_at').notNull(),
    consumedAt: moment('consumed_at'),
    createdAt: createdAt(),
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
  expiresAt: moment('expires_at').notNull(),
  consumedAt: moment('consumed_at'),
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
    expiresAt: moment('expires_at').notNull(),
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
  expiresAt: moment('expires_at').notNull(),
  consumedAt: moment('consumed_at'),
});

/** Captcha solutions already accepted: each one is usable once. */
export const captchaUses = pgTable('captcha_uses', {
  signature: text('signature').primaryKey(),
  expiresAt: moment('expires_at').notNull(),
});

/** Every message the platform sends (codes), and where it went; the development outbox lists them. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: id(),
    channel: text('channel', { enum: ['email', 'phone'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    transport: text('transport', { enum: ['smtp', 'sms', 'outbox'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_messages_created_idx').on(t.createdAt)],
);
