import 'server-only';
import { z } from 'zod';
import {
  bookSettingsParamsSchema,
  bookSettingsRowSchema,
  bookSettingsSchema,
  cashOutRequestSchema,
  closedEventSchema,
  eventClosedSchema,
  eventResettledSchema,
  eventResettleSchema,
  eventSuspendedSchema,
  eventSuspendSchema,
  eventResultSchema,
  eventVoidSchema,
  roomEventSchema,
  sportsBetRequestSchema,
  sportsBetIdSchema,
  sportsBetSchema,
  sportsBetsPageSchema,
  sportsBetsQuerySchema,
  sportsEventParamsSchema,
  sportsEventSchema,
  sportsEventsQuerySchema,
} from '@/lib/schemas/sportsbook';
import { route } from '@/lib/server/http/route';

const tags = ['sportsbook'];

const roomPageSchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(101).default(50),
});

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
  cashOut: route({
    method: 'post',
    path: '/sports/bets/{id}/cash-out',
    operationId: 'cashOutSportsBet',
    summary:
      'Cashes out an open single at the offer now (after the live delay on a live match), if the player’s rule accepts it against the offer they saw; paid once',
    tags,
    auth: 'required',
    params: sportsBetIdSchema,
    body: cashOutRequestSchema,
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
  roomEvents: route({
    method: 'get',
    path: '/operator/sports/events',
    operationId: 'settlementRoomEvents',
    summary:
      'The settlement room: open events with open bets, the largest selection liability first; offset and limit ≤ 101; roles admin or risk',
    tags: ['operator'],
    operator: ['admin', 'risk'],
    query: roomPageSchema,
    response: z.array(roomEventSchema),
  }),
  closedEvents: route({
    method: 'get',
    path: '/operator/sports/events/closed',
    operationId: 'settlementRoomClosedEvents',
    summary:
      'The settlement room: events closed in the last 14 days with bets on them, the latest first, with their results; offset and limit ≤ 101; roles admin or risk',
    tags: ['operator'],
    operator: ['admin', 'risk'],
    query: roomPageSchema,
    response: z.array(closedEventSchema),
  }),
  enterResult: route({
    method: 'post',
    path: '/operator/sports/events/{id}/result',
    operationId: 'enterSportsResult',
    summary:
      "Enters an event's final score by hand: its markets and legs settled at once, its bets by a job (each paid once); audited; roles admin or risk",
    tags: ['operator'],
    operator: ['admin', 'risk'],
    params: sportsEventParamsSchema,
    body: eventResultSchema,
    response: eventClosedSchema,
  }),
  voidEvent: route({
    method: 'post',
    path: '/operator/sports/events/{id}/void',
    operationId: 'voidSportsEvent',
    summary:
      'Voids an event with a reason: every market void, every stake on it returned (a multiple counts the leg as 1); audited; roles admin or risk',
    tags: ['operator'],
    operator: ['admin', 'risk'],
    params: sportsEventParamsSchema,
    body: eventVoidSchema,
    response: eventClosedSchema,
  }),
  resettleEvent: route({
    method: 'post',
    path: '/operator/sports/events/{id}/resettle',
    operationId: 'resettleSportsEvent',
    summary:
      "Corrects a closed event's result (a new score, or null: void) with a reason: each settled bet on it is settled again at its next version, only the difference moving (a take-back past the player's balance is owed). At once when no bet on it paid anything; else it waits for a different staff member's approval (`pending`, `approvalId`); audited; roles admin or risk",
    tags: ['operator'],
    operator: ['admin', 'risk'],
    params: sportsEventParamsSchema,
    body: eventResettleSchema,
    response: eventResettledSchema,
  }),
  suspendEvent: route({
    method: 'post',
    path: '/operator/sports/events/{id}/suspension',
    operationId: 'suspendSportsEvent',
    summary:
      'Suspends (`suspended: true`) or reopens an open event, or with `marketId` one of its markets, apart from the feed: no bet or cash-out on it until reopened; audited; roles admin or risk',
    tags: ['operator'],
    operator: ['admin', 'risk'],
    params: sportsEventParamsSchema,
    body: eventSuspendSchema,
    response: eventSuspendedSchema,
  }),
  bookSettings: route({
    method: 'get',
    path: '/operator/sports/settings',
    operationId: 'sportsBookSettings',
    summary:
      "The book's margin and limits (US dollars) for every sport, pre-match and live, and who set them last (null: the defaults); roles admin or risk",
    tags: ['operator'],
    operator: ['admin', 'risk'],
    response: z.array(bookSettingsRowSchema),
  }),
  updateBookSettings: route({
    method: 'put',
    path: '/operator/sports/settings/{sport}/{phase}',
    operationId: 'updateSportsBookSettings',
    summary:
      "Sets a sport's margin (1 %–25 %) and limits for one phase; a pre-match margin reprices the sport's open markets at once, a live one at the next pass; audited (before and after); roles admin or risk",
    tags: ['operator'],
    operator: ['admin', 'risk'],
    params: bookSettingsParamsSchema,
    body: bookSettingsSchema,
    response: bookSettingsRowSchema,
  }),
};
