import type {
  OddsRule,
  SportKey,
  SportsBet,
  SportsBetRequest,
  SportsEvent,
  sportsBetsPageSchema,
} from '@/lib/schemas/sportsbook';
import type { z } from 'zod';
import { apiRequest } from './client';

/** The sportsbook as the site calls it (paths under /api/v1). */
export const sportsApi = {
  events: (sport: SportKey, limit: number, revalidate?: number) =>
    apiRequest<SportsEvent[]>('/sports/events', { query: { sport, limit }, revalidate }),
  live: (revalidate?: number) => apiRequest<SportsEvent[]>('/sports/live', { revalidate }),
  event: (id: number, revalidate?: number) =>
    apiRequest<SportsEvent>(`/sports/events/${id}`, { revalidate }),
  placeBet: (body: SportsBetRequest, locale?: string) =>
    apiRequest<SportsBet>('/sports/bets', { method: 'POST', body, locale }),
  cashOut: (id: string, body: { amount: string; oddsRule: OddsRule }, locale?: string) =>
    apiRequest<SportsBet>(`/sports/bets/${encodeURIComponent(id)}/cash-out`, {
      method: 'POST',
      body,
      locale,
    }),
  bets: (state: 'open' | 'settled', before?: string) =>
    apiRequest<z.infer<typeof sportsBetsPageSchema>>('/sports/bets', {
      query: before ? { state, before } : { state },
    }),
};
