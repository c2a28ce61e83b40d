import 'server-only';
import { z } from 'zod';
import {
  playerNoteBodySchema,
  playerPageSchema,
  playerReasonSchema,
  playerRowSchema,
  playerSearchSchema,
  playerTagsSchema,
  staffLimitSchema,
} from '@/lib/schemas/back-office-players';
import { transactionsPageSchema, transactionsQuerySchema } from '@/lib/schemas/wallet';
import { route } from '@/lib/server/http/route';

const idParams = z.object({ id: z.uuid() });
const everyRole = ['admin', 'support', 'payments', 'risk'] as const;

/** The players room's calls: search, the player page, and what staff do from it. */
export const playerOfficeRoutes = {
  search: route({
    method: 'get',
    path: '/operator/players',
    operationId: 'searchPlayers',
    summary:
      'Finds players by member id, username (its start), email, phone, withdrawal or deposit address, deposit sender or sign-in IP (`by`, or `any` to tell from the text); newest first; offset and limit ≤ 101; audited; every role',
    tags: ['operator'],
    operator: everyRole,
    query: playerSearchSchema.extend({
      offset: z.coerce.number().int().min(0).max(100_000).default(0),
      limit: z.coerce.number().int().min(1).max(101).default(25),
    }),
    response: z.array(playerRowSchema),
  }),
  page: route({
    method: 'get',
    path: '/operator/players/{id}',
    operationId: 'playerPage',
    summary:
      'The player page: profile, KYC level and document states, balances of every kind, limits and breaks, flags, pending approvals, notes and tags, sessions and sign-ins with device and IP; the read is audited; every role',
    tags: ['operator'],
    operator: everyRole,
    params: idParams,
    response: playerPageSchema,
  }),
  ledger: route({
    method: 'get',
    path: '/operator/players/{id}/ledger',
    operationId: 'playerLedger',
    summary:
      'The player\'s ledger history as they see it on their own transactions page (a withdrawal one row), newest first: filter by type, currency and dates; cursor pages; every role (support answers "where is my deposit" from it)',
    tags: ['operator'],
    operator: everyRole,
    params: idParams,
    query: transactionsQuerySchema,
    response: transactionsPageSchema,
  }),
  note: route({
    method: 'post',
    path: '/operator/players/{id}/notes',
    operationId: 'addPlayerNote',
    summary: 'Adds a note to the player page (never edited; audited); every role',
    tags: ['operator'],
    operator: everyRole,
    params: idParams,
    body: playerNoteBodySchema,
    response: playerPageSchema.shape.notes.element,
  }),
  tags: route({
    method: 'put',
    path: '/operator/players/{id}/tags',
    operationId: 'setPlayerTags',
    summary: "Sets the player's tags to exactly these (at most 20; audited); every role",
    tags: ['operator'],
    operator: everyRole,
    params: idParams,
    body: playerTagsSchema,
    response: playerTagsSchema,
  }),
  block: route({
    method: 'post',
    path: '/operator/players/{id}/block',
    operationId: 'blockPlayer',
    summary:
      'Blocks a player with a reason: every session ends at once and sign-in answers ACCOUNT_BLOCKED (once; audited); roles admin or risk',
    tags: ['operator'],
    operator: ['admin', 'risk'],
    params: idParams,
    body: playerReasonSchema,
    response: z.object({ status: z.string(), sessionsEnded: z.int() }),
  }),
  unblock: route({
    method: 'post',
    path: '/operator/players/{id}/unblock',
    operationId: 'unblockPlayer',
    summary: 'Unblocks a blocked player with a reason (once; audited); roles admin or risk',
    tags: ['operator'],
    operator: ['admin', 'risk'],
    params: idParams,
    body: playerReasonSchema,
    response: z.object({ status: z.string(), sessionsEnded: z.int() }),
  }),
  tightenLimit: route({
    method: 'post',
    path: '/operator/players/{id}/limits',
    operationId: 'tightenPlayerLimit',
    summary:
      "Sets a deposit, loss or wager limit tighter than the player's own, at once (their pending increase dropped); never looser (LIMIT_NOT_TIGHTER) nor removed; audited; roles admin or risk",
    tags: ['operator'],
    operator: ['admin', 'risk'],
    params: idParams,
    body: staffLimitSchema,
    response: staffLimitSchema.omit({ reason: true }),
  }),
  endSessions: route({
    method: 'post',
    path: '/operator/players/{id}/sessions/end',
    operationId: 'endPlayerSessions',
    summary:
      'Ends every session of the player now, their sockets closed (audited with the count); roles admin or risk',
    tags: ['operator'],
    operator: ['admin', 'risk'],
    params: idParams,
    body: playerReasonSchema,
    response: z.object({ sessionsEnded: z.int() }),
  }),
};
