import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { SportKey } from '@/lib/schemas/sportsbook';
import { sportsApi } from '../sportsbook';
import { playerKeys } from './player';

/**
 * Public: a section's events and one event, rendered on the server (answers shared for a few
 * seconds, prices move) and continued in the browser.
 */
export const sportsEventsQuery = (sport: SportKey, limit: number) =>
  queryOptions({
    queryKey: ['sports', 'events', sport, limit],
    queryFn: () => sportsApi.events(sport, limit, 10),
    staleTime: 15_000,
    refetchInterval: 60_000,
  });

export const liveEventsQuery = () =>
  queryOptions({
    queryKey: ['sports', 'live'],
    queryFn: () => sportsApi.live(5),
    staleTime: 5_000,
    refetchInterval: 15_000,
  });

export const sportsEventQuery = (id: number) =>
  queryOptions({
    queryKey: ['sports', 'event', id],
    queryFn: () => sportsApi.event(id, 10),
    staleTime: 15_000,
    refetchInterval: 30_000,
  });

/** The player's bets (My bets): in the browser only, under the player's keys. */
export const myBetsQuery = (state: 'open' | 'settled') =>
  infiniteQueryOptions({
    queryKey: [...playerKeys.all, 'sports-bets', state],
    queryFn: ({ pageParam }) => sportsApi.bets(state, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    // Open bets' cash-out offers follow the prices.
    refetchInterval: state === 'open' ? 15_000 : false,
  });
