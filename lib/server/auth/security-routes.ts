import 'server-only';
import { z } from 'zod';
import {
  accountSessionSchema,
  changePasswordSchema,
  sessionIdSchema,
  signInHistoryQuerySchema,
  signInHistorySchema,
} from '@/lib/schemas/security';
import { route } from '@/lib/server/http/route';

const tags = ['security'];

/** The security page's calls: sessions, sign-in history, password change. */
export const securityRoutes = {
  sessions: route({
    method: 'get',
    path: '/users/sessions',
    operationId: 'listSessions',
    summary:
      "The player's live sessions (device, browser, address, last seen; the current one marked)",
    tags,
    auth: 'required',
    restricted: 'allow',
    response: z.array(accountSessionSchema),
  }),
  signOutSession: route({
    method: 'delete',
    path: '/users/sessions/{id}',
    operationId: 'signOutSession',
    summary: 'Signs out one of the player’s sessions: its token answers 401, its sockets close',
    tags,
    auth: 'required',
    restricted: 'allow',
    params: sessionIdSchema,
    response: z.object({ signedOut: z.literal(true) }),
  }),
  signOutOthers: route({
    method: 'post',
    path: '/users/sessions/sign-out-others',
    operationId: 'signOutOtherSessions',
    summary: 'Signs out every session of the player but this one',
    tags,
    auth: 'required',
    restricted: 'allow',
    response: z.object({ signedOut: z.number().int() }),
  }),
  signInHistory: route({
    method: 'get',
    path: '/users/sign-ins',
    operationId: 'signInHistory',
    summary: 'Sign-ins into the account, won and lost, newest first',
    tags,
    auth: 'required',
    restricted: 'allow',
    query: signInHistoryQuerySchema,
    response: signInHistorySchema,
  }),
  changePassword: route({
    method: 'post',
    path: '/users/password',
    operationId: 'changePassword',
    summary: 'A new password (the current one required); every other session ends',
    tags,
    auth: 'required',
    body: changePasswordSchema,
    response: z.object({ changed: z.literal(true), signedOut: z.number().int() }),
  }),
};
