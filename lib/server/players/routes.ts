import 'server-only';
import { z } from 'zod';
import { trackRouteSchema } from '@/lib/schemas/auth';
import {
  currentUserSchema,
  profileSchema,
  settingsSchema,
  supportProfileSchema,
} from '@/lib/schemas/player';
import { route } from '@/lib/server/http/route';

const tags = ['player'];

/** The signed-in player's own data. */
export const playerRoutes = {
  me: route({
    method: 'get',
    path: '/users/me',
    operationId: 'currentUser',
    summary: 'Current user',
    tags,
    auth: 'required',
    restricted: 'allow',
    response: currentUserSchema,
  }),
  profile: route({
    method: 'get',
    path: '/users/profile',
    operationId: 'profile',
    summary: 'Profile',
    tags,
    auth: 'required',
    restricted: 'allow',
    response: profileSchema,
  }),
  settings: route({
    method: 'patch',
    path: '/users/settings',
    operationId: 'updateSettings',
    summary: "The player's language and currencies",
    tags,
    auth: 'required',
    body: settingsSchema,
    response: profileSchema,
  }),
  supportProfile: route({
    method: 'get',
    path: '/users/support-profile',
    operationId: 'supportProfile',
    summary: 'Support widget data: data.memberInfo',
    tags,
    auth: 'required',
    restricted: 'allow',
    response: supportProfileSchema,
  }),
  trackRoute: route({
    method: 'patch',
    path: '/users/route',
    operationId: 'trackRoute',
    summary: "Track current route: stored on the player's session",
    tags,
    auth: 'required',
    restricted: 'allow',
    body: trackRouteSchema,
    response: z.object({ tracked: z.literal(true) }),
  }),
};
