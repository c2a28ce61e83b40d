import 'server-only';
import { z } from 'zod';
import {
  assignSchema,
  cannedReplyItemSchema,
  cannedReplySchema,
  chatwootIdentitySchema,
  conversationIdSchema,
  conversationSchema,
  historyQuerySchema,
  inboxPageSchema,
  inboxQuerySchema,
  markReadSchema,
  playerSupportSchema,
  sendMessageSchema,
  supportMessageSchema,
  supportPageSchema,
  supportUnreadSchema,
  tagsSchema,
} from '@/lib/schemas/support';
import { supportProfileSchema } from '@/lib/schemas/player';
import { binary, route } from '@/lib/server/http/route';
import { contentTypesOf } from '@/lib/server/uploads/media-types';

const tags = ['support'];
const staffRoles = ['admin', 'support'] as const;
const imageParams = z.object({ name: z.string().max(64) });
/** A message's image, as it was stored (re-encoded in its own type). */
const supportImageFile = binary(
  contentTypesOf(['png', 'jpeg', 'webp']),
  'The image, nosniff, under a sandbox CSP',
);
const readResult = z.object({ read: z.number().int() });
const staffConversation = conversationSchema.extend({ tags: z.array(z.string()) });

// A person types a few messages a minute; a script would flood the agents' inbox.
const sendLimit = { name: 'support-send', limit: 20, windowMs: 60_000 };
const imageLimit = { name: 'support-image', limit: 10, windowMs: 10 * 60_000 };
const readLimit = { name: 'support-read', limit: 120, windowMs: 60_000 };
// The panel asks once per opening; the figures behind it are one ledger query.
const identityLimit = { name: 'support-identity', limit: 30, windowMs: 60_000 };

/**
 * Live support: the player's conversation (open to restricted sessions too — a player on a break
 * must still reach a person) and the agents' inbox of the operator API.
 */
export const supportRoutes = {
  conversation: route({
    method: 'get',
    path: '/support',
    operationId: 'supportConversation',
    summary:
      "The player's support conversation (null before the first message) and its latest messages",
    tags,
    auth: 'required',
    restricted: 'allow',
    response: playerSupportSchema,
  }),
  unread: route({
    method: 'get',
    path: '/support/unread',
    operationId: 'supportUnread',
    summary: "How many of support's messages the player has not read (the live-support badge)",
    tags,
    auth: 'required',
    restricted: 'allow',
    response: supportUnreadSchema,
  }),
  identity: route({
    method: 'get',
    path: '/support/identity',
    operationId: 'supportIdentity',
    summary:
      "The player as a Chatwoot contact: identifier, identifier_hash (HMAC-SHA256 with the inbox's secret) and memberInfo as custom attributes; 404 PROVIDER_NOT_CONFIGURED unless SUPPORT_PROVIDER=chatwoot",
    tags,
    auth: 'required',
    restricted: 'allow',
    limits: [{ rule: identityLimit, by: 'player' }],
    response: chatwootIdentitySchema,
  }),
  history: route({
    method: 'get',
    path: '/support/messages',
    operationId: 'supportHistory',
    summary: 'Older messages: the page before the `before` message id, oldest first',
    tags,
    auth: 'required',
    restricted: 'allow',
    query: historyQuerySchema,
    response: supportPageSchema,
  }),
  send: route({
    method: 'post',
    path: '/support/messages',
    operationId: 'supportSend',
    summary: 'Sends a text message to support (plain text, up to 2000 characters)',
    tags,
    auth: 'required',
    restricted: 'allow',
    body: sendMessageSchema,
    limits: [{ rule: sendLimit, by: 'player' }],
    response: supportMessageSchema,
  }),
  sendImage: route({
    method: 'post',
    path: '/support/images',
    operationId: 'supportSendImage',
    summary:
      'Sends an image to support, the file itself as the body (PNG, JPEG or WebP; up to 5 MB)',
    tags,
    auth: 'required',
    restricted: 'allow',
    limits: [
      { rule: imageLimit, by: 'player' },
      { rule: sendLimit, by: 'player' },
    ],
    response: supportMessageSchema,
  }),
  image: route({
    method: 'get',
    path: '/support/images/{name}',
    operationId: 'supportImage',
    summary: "An image of the player's own conversation (nosniff, sandboxed, never cached)",
    tags,
    auth: 'required',
    restricted: 'allow',
    params: imageParams,
    response: supportImageFile,
  }),
  read: route({
    method: 'post',
    path: '/support/read',
    operationId: 'supportRead',
    summary: "Marks support's messages up to an id read",
    tags,
    auth: 'required',
    restricted: 'allow',
    body: markReadSchema,
    limits: [{ rule: readLimit, by: 'player' }],
    response: readResult,
  }),

  inbox: route({
    method: 'get',
    path: '/operator/support/conversations',
    operationId: 'supportInbox',
    summary:
      'Conversations by status (open by default, or all), latest message first, 50 a page (nextCursor), with unread counts; roles support or admin',
    tags: ['operator'],
    operator: staffRoles,
    query: inboxQuerySchema,
    response: inboxPageSchema,
  }),
  staffConversation: route({
    method: 'get',
    path: '/operator/support/conversations/{id}',
    operationId: 'supportStaffConversation',
    summary:
      'A conversation, the member panel (memberInfo) and a page of history; roles support or admin',
    tags: ['operator'],
    operator: staffRoles,
    params: conversationIdSchema,
    query: historyQuerySchema,
    response: supportPageSchema.extend({
      conversation: staffConversation,
      memberInfo: supportProfileSchema.shape.memberInfo,
    }),
  }),
  reply: route({
    method: 'post',
    path: '/operator/support/conversations/{id}/messages',
    operationId: 'supportReply',
    summary: 'Replies to the player (audited); roles support or admin',
    tags: ['operator'],
    operator: staffRoles,
    params: conversationIdSchema,
    body: sendMessageSchema,
    response: supportMessageSchema,
  }),
  staffRead: route({
    method: 'post',
    path: '/operator/support/conversations/{id}/read',
    operationId: 'supportStaffRead',
    summary: "Marks the player's messages up to an id read; roles support or admin",
    tags: ['operator'],
    operator: staffRoles,
    params: conversationIdSchema,
    body: markReadSchema,
    response: readResult,
  }),
  assign: route({
    method: 'post',
    path: '/operator/support/conversations/{id}/assign',
    operationId: 'supportAssign',
    summary:
      'Assigns the conversation to a staff account, to the caller (no agentId) or back to the queue (null); audited; roles support or admin',
    tags: ['operator'],
    operator: staffRoles,
    params: conversationIdSchema,
    body: assignSchema,
    response: staffConversation,
  }),
  close: route({
    method: 'post',
    path: '/operator/support/conversations/{id}/close',
    operationId: 'supportClose',
    summary:
      "Closes the conversation (the player's next message reopens it); audited; roles support or admin",
    tags: ['operator'],
    operator: staffRoles,
    params: conversationIdSchema,
    response: staffConversation,
  }),
  tags: route({
    method: 'put',
    path: '/operator/support/conversations/{id}/tags',
    operationId: 'supportTags',
    summary: 'Sets the conversation’s tags (up to 10); audited; roles support or admin',
    tags: ['operator'],
    operator: staffRoles,
    params: conversationIdSchema,
    body: tagsSchema,
    response: staffConversation,
  }),
  staffImage: route({
    method: 'get',
    path: '/operator/support/images/{name}',
    operationId: 'supportStaffImage',
    summary: 'An image a player sent (nosniff, sandboxed, never cached); roles support or admin',
    tags: ['operator'],
    operator: staffRoles,
    params: imageParams,
    response: supportImageFile,
  }),
  canned: route({
    method: 'get',
    path: '/operator/support/canned',
    operationId: 'supportCannedReplies',
    summary: 'The canned replies; roles support or admin',
    tags: ['operator'],
    operator: staffRoles,
    response: z.array(cannedReplyItemSchema),
  }),
  addCanned: route({
    method: 'post',
    path: '/operator/support/canned',
    operationId: 'supportAddCannedReply',
    summary: 'Adds a canned reply (audited); role admin',
    tags: ['operator'],
    operator: ['admin'],
    body: cannedReplySchema,
    response: cannedReplyItemSchema,
  }),
  removeCanned: route({
    method: 'delete',
    path: '/operator/support/canned/{id}',
    operationId: 'supportRemoveCannedReply',
    summary: 'Removes a canned reply (audited); role admin',
    tags: ['operator'],
    operator: ['admin'],
    params: z.object({ id: z.uuid() }),
    response: z.object({ removed: z.boolean() }),
  }),
};
