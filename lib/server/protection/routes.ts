import 'server-only';
import { z } from 'zod';
import {
  closeAccountSchema,
  playSessionSchema,
  protectionSchema,
  realityCheckSchema,
  restrictionSchema,
  setLimitSchema,
  startBreakSchema,
} from '@/lib/schemas/protection';
import { route } from '@/lib/server/http/route';

const tags = ['protection'];

/** Player protection: limits, reality check, breaks, closure and the data export. */
export const protectionRoutes = {
  protection: route({
    method: 'get',
    path: '/users/protection',
    operationId: 'protection',
    summary:
      'Deposit, loss and wager limits with their use, the reality check, and any break in force',
    tags,
    auth: 'required',
    restricted: 'allow',
    response: protectionSchema,
  }),
  setLimit: route({
    method: 'put',
    path: '/users/protection/limits',
    operationId: 'setLimit',
    summary:
      'Sets one limit (USD): a decrease applies at once, an increase or removal after 24 hours',
    tags,
    auth: 'required',
    body: setLimitSchema,
    response: protectionSchema,
  }),
  realityCheck: route({
    method: 'put',
    path: '/users/protection/reality-check',
    operationId: 'setRealityCheck',
    summary: 'How often the reality check appears (minutes), or off',
    tags,
    auth: 'required',
    body: realityCheckSchema,
    response: protectionSchema,
  }),
  playSession: route({
    method: 'get',
    path: '/users/protection/session',
    operationId: 'playSession',
    summary:
      "The reality check's figures: time since sign-in, wagers and net result of this session",
    tags,
    auth: 'required',
    response: playSessionSchema,
  }),
  startBreak: route({
    method: 'post',
    path: '/users/protection/break',
    operationId: 'startBreak',
    summary:
      'A time-out (24 hours to 6 weeks) or self-exclusion (6 months to 5 years): every session ends at once; until it ends, sign-in opens only a restricted session (balance and withdrawals)',
    tags,
    auth: 'required',
    body: startBreakSchema,
    response: restrictionSchema,
  }),
  close: route({
    method: 'post',
    path: '/users/close',
    operationId: 'closeAccount',
    summary:
      'Closes the account (a self-exclusion that never ends; what remains can still be withdrawn). The current password, or a sign-in in the last 5 minutes',
    tags,
    auth: 'required',
    body: closeAccountSchema,
    response: restrictionSchema,
  }),
  exportData: route({
    method: 'get',
    path: '/users/export',
    operationId: 'exportData',
    summary: 'Everything kept about the player, as a JSON download',
    tags,
    auth: 'required',
    restricted: 'allow',
    response: z.record(z.string(), z.unknown()),
  }),
};
