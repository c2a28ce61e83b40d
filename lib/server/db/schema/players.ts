import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AccountDisplay } from '@/lib/schemas/player';
import { limitKinds, limitPeriods, restrictionKinds } from '@/lib/schemas/protection';
import { signInMethods } from '@/lib/schemas/security';
import { createdAt, id, moment } from './columns';

/* Players and their sessions. */

/** How a player signs in; `loginType` on the profile (spec §3). */
export const loginTypes = signInMethods;
export type LoginType = (typeof loginTypes)[number];

/** Players: one row per person, whichever ways they sign in. */
export const users = pgTable(
  'users',
  {
    id: id(),
    /** The public member number the profile and support widget show as memberId. */
    memberNo: integer('member_no').generatedAlwaysAsIdentity({ startWith: 10000001 }),
    email: text('email').unique(),
    phone: text('phone').unique(),
    username: text('username').notNull(),
    /** When the player last chose their username (null: still the generated one). */
    usernameChangedAt: moment('username_changed_at'),
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
    /** Privacy: the player's name is hidden in public bet feeds and leaderboards. */
    hideName: boolean('hide_name').notNull().default(false),
    /** Marketing consent, per channel; off until the player turns it on. */
    marketingEmail: boolean('marketing_email').notNull().default(false),
    marketingSms: boolean('marketing_sms').notNull().default(false),
    /** Security: an email when the account is signed into from a device not seen before. */
    signInAlerts: boolean('sign_in_alerts').notNull().default(false),
    /** The display settings, saved for a signed-in player so they follow to every device. */
    displaySettings: jsonb('display_settings').$type<AccountDisplay>(),
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
    lastLoginAt: moment('last_login_at'),
    /** The last change of email, phone or password, or 2FA turned off: withdrawals wait WITHDRAWAL_HOLD_HOURS after it. */
    securityChangedAt: moment('security_changed_at'),
    /**
     * Player protection: a time-out or self-exclusion until `restrictedUntil`, or a closed account
     * (never ends). While one lasts, sign-in opens only a restricted session (balance, withdraw).
     */
    restriction: text('restriction', { enum: restrictionKinds }),
    restrictedUntil: moment('restricted_until'),
    /** Reality check: a reminder of time played and net result every N minutes (null: off). */
    realityCheckMinutes: integer('reality_check_minutes'),
    createdAt: createdAt(),
  },
  (t) => [
    // Names players chose are unique whatever the case (generated ones are checked on the way in).
    uniqueIndex('users_chosen_username')
      .on(sql`lower(${t.username})`)
      .where(sql`${t.usernameChangedAt} IS NOT NULL`),
    // The back office's player search: a member number, a username's start (any case).
    index('users_member_no_idx').on(t.memberNo),
    index('users_username_search_idx').on(sql`lower(${t.username}) text_pattern_ops`),
    check('users_level_progress', sql`${t.levelProgress} between 0 and 100`),
    check(
      'users_restriction_until',
      sql`${t.restriction} IS NULL OR ${t.restriction} = 'closed' OR ${t.restrictedUntil} IS NOT NULL`,
    ),
  ],
);

export const sessionScopes = ['full', 'restricted'] as const;
export type SessionScope = (typeof sessionScopes)[number];

/**
 * Server-side sessions. The access token is a signed JWT naming its session row, and only the
 * token's hash is stored, so sign-out and expiry really revoke it and a leaked table replays nothing.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    loginType: text('login_type', { enum: loginTypes }),
    /** restricted: opened during a time-out, self-exclusion or closure — balance and withdraw only. */
    scope: text('scope', { enum: sessionScopes }).notNull().default('full'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Track current route (spec §7): the full page address the player is on. */
    currentRoute: text('current_route'),
    routeUpdatedAt: moment('route_updated_at'),
    /** The last authenticated request, to the minute (the sessions list's "last seen"). */
    lastSeenAt: moment('last_seen_at'),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    revokedAt: moment('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Every sign-in into a known account, won or lost: the security page's history. */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    loginType: text('login_type', { enum: loginTypes }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The browser's device id (a long-lived HttpOnly cookie): accounts sharing one are flagged. */
    deviceId: text('device_id'),
    success: boolean('success').notNull(),
    /** Why it failed: the error code the sign-in answered. */
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('sign_in_events_user_idx').on(t.userId, t.createdAt),
    index('sign_in_events_ip_idx').on(t.ip, t.createdAt),
    index('sign_in_events_device_idx').on(t.deviceId),
  ],
);

/**
 * A player's own limit on deposits, losses or wagers over a rolling period, in USD. A decrease
 * applies at once; an increase (or removal) waits in `pendingAmount` until `pendingAt`, so a
 * player on tilt cannot lift their own brake on the spot. `pendingAt` set with a null
 * `pendingAmount` is a pending removal.
 */
export const playerLimits = pgTable(
  'player_limits',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: limitKinds }).notNull(),
    period: text('period', { enum: limitPeriods }).notNull(),
    amount: integer('amount'),
    pendingAmount: integer('pending_amount'),
    pendingAt: moment('pending_at'),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('player_limits_one').on(t.userId, t.kind, t.period),
    check('player_limits_positive', sql`${t.amount} IS NULL OR ${t.amount} > 0`),
  ],
);

/**
 * A change of email or phone, kept 7 days so the old address can undo it: the link sent there
 * carries a token whose hash is stored here, spent by one conditional update.
 */
export const contactChanges = pgTable(
  'contact_changes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'phone'] }).notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value').notNull(),
    undoTokenHash: text('undo_token_hash').notNull().unique(),
    undoExpiresAt: moment('undo_expires_at').notNull(),
    undoneAt: moment('undone_at'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_changes_user_idx').on(t.userId, t.createdAt)],
);
