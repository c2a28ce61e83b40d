import 'server-only';
import { z } from 'zod';
import {
  sportsEventParamsSchema,
  sportsEventSchema,
  sportsEventsQuerySchema,
} from '@/lib/schemas/sportsbook';
import { route } from '@/lib/server/http/route';

const tags = ['sportsbook'];

/** The sportsbook's events and our prices. */
export const sportsbookRoutes = {
  events: route({
    method: 'get',
    path: '/sports/events',
    operationId: 'sportsEvents',
    summary: "A sport's events still to start, soonest first, with our prices",
    tags,
    query: sportsEventsQuerySchema,
    response: z.array(sportsEventSchema),
  }),
  event: route({
    method: 'get',
    path: '/sports/events/{id}',
    operationId: 'sportsEvent',
    summary: 'One event with its markets and our prices',
    tags,
    params: sportsEventParamsSchema,
    response: sportsEventSchema,
  }),
};
