import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { conversationStatuses, messageAuthors } from '@/lib/schemas/support';
import { createdAt, id, moment } from './columns';
import { staff } from './operator';
import { users } from './players';

/* Live support: one conversation per player, its messages, and the agents' canned replies. */

/**
 * The player's conversation with support: one per player, reopened by their next message. `open`
 * waits for an agent, `waiting` for the player, `closed` is done.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: conversationStatuses }).notNull().default('open'),
    agentId: uuid('agent_id').references(() => staff.id, { onDelete: 'set null' }),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    lastMessageAt: moment('last_message_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('support_conversations_user').on(t.userId),
    index('support_conversations_status_idx').on(t.status, t.lastMessageAt),
  ],
);

/** A message: text or an image, its author, and when the other side received and read it. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => supportConversations.id, { onDelete: 'cascade' }),
    author: text('author', { enum: messageAuthors }).notNull(),
    agentId: uuid('agent_id').references(() => staff.id, { onDelete: 'set null' }),
    /** The agent's name as the player saw it then. */
    agentName: text('agent_name'),
    body: text('body').notNull().default(''),
    /** A stored image's name (uploads folder `support`). */
    image: text('image'),
    createdAt: createdAt(),
    deliveredAt: moment('delivered_at'),
    readAt: moment('read_at'),
  },
  (t) => [
    index('support_messages_conversation_idx').on(t.conversationId, t.id),
    uniqueIndex('support_messages_image').on(t.image),
  ],
);

/** Replies agents insert with one click; kept by the operator. */
export const supportCannedReplies = pgTable('support_canned_replies', {
  id: id(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});
