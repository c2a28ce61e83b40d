import 'server-only';
import { z } from 'zod';
import {
  sportsBetRequestSchema,
  sportsBetSchema,
  sportsBetsPageSchema,
  sportsBetsQuerySchema,
  sportsEventParamsSchema,
  sportsEventSchema,
  sportsEventsQuerySchema,
} from '@/lib/schemas/sportsbook';
import { route } from '@/lib/server/http/route';

const tags = ['sportsbook'];

/** A slip of singles is one request per single: a generous minute's worth. */
const betLimit = { name: 'sportsbook-bet', limit: 120, windowMs: 60_000 };

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
  live: route({
    method: 'get',
    path: '/sports/live',
    operationId: 'liveSportsEvents',
    summary: 'Matches under way in every sport, with our live prices',
    tags,
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
  placeBet: route({
    method: 'post',
    path: '/sports/bets',
    operationId: 'placeSportsBet',
    summary:
      'A single or a multiple at our prices (the player says which price changes to accept); a retry with the same key answers the same bet',
    tags,
    auth: 'required',
    body: sportsBetRequestSchema,
    limits: [{ rule: betLimit, by: 'player' }],
    response: sportsBetSchema,
  }),
  bets: route({
    method: 'get',
    path: '/sports/bets',
    operationId: 'sportsBets',
    summary: "The player's bets, newest first: open, or settled and cashed out",
    tags,
    auth: 'required',
    restricted: 'allow',
    query: sportsBetsQuerySchema,
    response: sportsBetsPageSchema,
  }),
};
