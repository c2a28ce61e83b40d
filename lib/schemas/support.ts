import { z } from 'zod';

/* Live support: shared by the platform's routes, the site's panel and the back office's inbox. */

export const SUPPORT_TEXT_MAX = 2000;
export const SUPPORT_PAGE_SIZE = 30;
export const SUPPORT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const conversationStatuses = ['open', 'waiting', 'closed'] as const;
export type ConversationStatus = (typeof conversationStatuses)[number];
export const messageAuthors = ['player', 'agent', 'system'] as const;
export type MessageAuthor = (typeof messageAuthors)[number];

// Control characters other than line breaks and tabs are dropped: they can hide or reorder text.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;

/** A message's text: plain, trimmed, 1–2000 characters once control characters are gone. */
export const supportTextSchema = z
  .string()
  .transform((v) => v.replace(CONTROL, '').replace(/\r\n?/g, '\n').trim())
  .pipe(z.string().min(1).max(SUPPORT_TEXT_MAX));

export const sendMessageSchema = z.object({ text: supportTextSchema });

export const supportMessageSchema = z.object({
  id: z.number().int(),
  author: z.enum(messageAuthors),
  /** The agent's display name on an agent's message. */
  agentName: z.string().nullable(),
  text: z.string(),
  /** An image's address on the platform, served only to the two sides. */
  image: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  readAt: z.string().nullable(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportPageSchema = z.object({
  messages: z.array(supportMessageSchema).describe('Oldest first'),
  /** Pass as `before` for the page of older messages; null at the start of the history. */
  nextCursor: z.number().int().nullable(),
});
export type SupportPage = z.infer<typeof supportPageSchema>;

export const conversationSchema = z.object({
  id: z.uuid(),
  status: z.enum(conversationStatuses),
  agent: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Messages of the other side this side has not read. */
  unread: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** Whether agents answer now; if not, when they next do (the operator's SUPPORT_HOURS). */
export const supportHoursSchema = z.object({
  online: z.boolean(),
  opensAt: z.string().nullable(),
});
export type SupportHours = z.infer<typeof supportHoursSchema>;

export const playerSupportSchema = supportPageSchema.extend({
  conversation: conversationSchema.nullable(),
  hours: supportHoursSchema,
});
export type PlayerSupport = z.infer<typeof playerSupportSchema>;

export const historyQuerySchema = z.object({
  before: z.coerce.number().int().positive().optional(),
});

export const supportUnreadSchema = z.object({ unread: z.number().int() });

export const markReadSchema = z.object({ upTo: z.number().int().positive() });

/* The back office's side. */

export const conversationIdSchema = z.object({ id: z.uuid() });

export const INBOX_PAGE_SIZE = 50;

/** The inbox's filters: a status, or every conversation (a replied one is still found there). */
export const inboxFilters = [...conversationStatuses, 'all'] as const;
export type InboxFilter = (typeof inboxFilters)[number];

export const inboxQuerySchema = z.object({
  status: z
    .enum(inboxFilters)
    .default('open')
    .describe(
      'open: the player wrote last (needs a reply); waiting: an agent replied (awaits the player); closed; all',
    ),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/)
    .optional()
    .describe('nextCursor of the previous page'),
});
export type InboxQuery = z.output<typeof inboxQuerySchema>;

export const inboxItemSchema = conversationSchema.extend({
  player: z.object({ id: z.uuid(), memberId: z.string(), username: z.string() }),
  lastMessage: z.string().nullable(),
  /** The last message is an image (no text to preview). */
  lastIsImage: z.boolean(),
  lastMessageAt: z.string().nullable(),
  tags: z.array(z.string()),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxPageSchema = z.object({
  items: z.array(inboxItemSchema).describe('Latest message first'),
  nextCursor: z.string().nullable(),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

export const assignSchema = z.object({
  /** A staff account; null returns the conversation to the queue. Staff may omit it to take it. */
  agentId: z.uuid().nullable().optional(),
});

export const tagsSchema = z.object({
  tags: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[\p{L}\p{N}_-]{1,24}$/u),
    )
    .max(10),
});

export const cannedReplySchema = z.object({
  title: z.string().trim().min(1).max(60),
  text: supportTextSchema,
});
export const cannedReplyItemSchema = cannedReplySchema.extend({ id: z.uuid() });

/**
 * The signed-in player as a Chatwoot contact (SUPPORT_PROVIDER=chatwoot): what the panel hands the
 * website SDK's setUser and setCustomAttributes. `identifierHash` is Chatwoot's identity validation:
 * HMAC-SHA256 of the identifier with the inbox's secret, so nobody can chat as another member.
 */
export const chatwootIdentitySchema = z
  .object({
    identifier: z.string(),
    identifierHash: z.string().regex(/^[0-9a-f]{64}$/),
    name: z.string(),
    email: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    /** memberInfo (the Support widget data), every set field as a custom attribute. */
    customAttributes: z.record(z.string(), z.union([z.string(), z.number()])),
  })
  .meta({ id: 'ChatwootIdentity' });
export type ChatwootIdentity = z.infer<typeof chatwootIdentitySchema>;

/** What the site needs to start Chatwoot's website SDK (public: every embed carries it). */
export type ChatwootWidget = { baseUrl: string; websiteToken: string };
