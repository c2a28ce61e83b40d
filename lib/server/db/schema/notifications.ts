import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { noticeAudiences } from '@/lib/schemas/notifications';
import { createdAt, id, moment } from './columns';
import { users } from './players';

/**
 * A notice: to every player (platform, optionally a segment by language and/or VIP level) or to
 * one (personal). Invisible and undelivered before `releaseTime`; gone after `expiresAt` or once
 * withdrawn. `releasedAt` marks the one socket delivery (the release job's conditional update).
 */
export const notices = pgTable(
  'notices',
  {
    id: id(),
    audience: text('audience', { enum: noticeAudiences }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    segmentLanguage: text('segment_language'),
    segmentVipLevel: integer('segment_vip_level'),
    category: text('category').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    image: text('image'),
    link: text('link'),
    releaseTime: moment('release_time').notNull().defaultNow(),
    expiresAt: moment('expires_at'),
    withdrawnAt: moment('withdrawn_at'),
    releasedAt: moment('released_at'),
    /** How many players the notice was meant for when it went out (counted by the release). */
    audienceSize: integer('audience_size'),
    /** Who published it: `staff:<id>`, `token:automation`, or null for the platform's own. */
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notices_platform_idx')
      .on(t.releaseTime, t.id)
      .where(sql`${t.audience} = 'platform'`),
    index('notices_personal_idx').on(t.userId, t.releaseTime, t.id),
  ],
);

/**
 * A notice's text in one more language: a player whose language has a row reads it, everyone else
 * the notice's own (English) title and message.
 */
export const noticeTexts = pgTable(
  'notice_texts',
  {
    noticeId: uuid('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.language] })],
);

/**
 * Read state without a row per player per notice: a watermark per player and tab (mark all: every
 * notice released up to it is read) plus one row per notice the player marked one by one.
 */
export const noticeWatermarks = pgTable(
  'notice_watermarks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    audience: text('audience', { enum: noticeAudiences }).notNull(),
    readUntil: moment('read_until').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.audience] }),
    // The notices room counts who marked a whole tab read after a notice went out.
    index('notice_watermarks_audience_idx').on(t.audience, t.readUntil),
  ],
);

export const noticeReads = pgTable(
  'notice_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    noticeId: uuid('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    readAt: moment('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.noticeId] })],
);
