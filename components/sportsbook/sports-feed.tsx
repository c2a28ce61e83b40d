'use client';

import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { socketTarget } from '@/lib/api/base-url';
import type { SportsEvent } from '@/lib/schemas/sportsbook';
import { SPORTS_EVENT, SPORTS_ROOM } from '@/lib/sportsbook/live';
import { usePlatformSocket } from '@/components/session/platform-socket';
import { useSession } from '@/components/session/session-context';

/** A list's copy of an event: its result market only, as the lists carry it. */
const listed = (event: SportsEvent): SportsEvent => ({
  ...event,
  markets: event.markets.filter((m) => m.kind === '1x2' || m.kind === 'moneyline'),
});

/** Every cached copy of the event brought up to date (or dropped from lists it has left). */
function apply(client: QueryClient, event: SportsEvent) {
  client.setQueryData<SportsEvent>(['sports', 'event', event.id], (old) => (old ? event : old));
  client.setQueryData<SportsEvent[]>(['sports', 'live'], (list) => {
    if (!list) return list;
    const others = list.filter((e) => e.id !== event.id);
    return event.state === 'live' ? [...others, listed(event)] : others;
  });
  for (const [key, list] of client.getQueriesData<SportsEvent[]>({
    queryKey: ['sports', 'events', event.sport],
  })) {
    if (!list?.some((e) => e.id === event.id)) continue;
    client.setQueryData<SportsEvent[]>(
      key,
      event.state === 'scheduled'
        ? list.map((e) => (e.id === event.id ? listed(event) : e))
        : list.filter((e) => e.id !== event.id),
    );
  }
}

/**
 * Keeps the book's prices, clocks and scores current from the public `sports` room: on the
 * signed-in player's own socket, or on one of the page's own for a guest (its code loaded after
 * the first paint). Each (re)connection refetches what was missed.
 */
export function SportsFeed() {
  const client = useQueryClient();
  const platform = usePlatformSocket();
  const { status } = useSession();
  const signedIn = status === 'authenticated';
  useEffect(() => {
    if (status === 'loading' || (signedIn && !platform)) return;
    let stopped = false;
    let socket: Socket | null = null;
    const onEvent = (event: SportsEvent) => apply(client, event);
    const onConnect = () => {
      socket?.emit('join', SPORTS_ROOM);
      void client.invalidateQueries({ queryKey: ['sports'] });
    };
    const attach = (s: Socket) => {
      socket = s;
      s.on(SPORTS_EVENT, onEvent);
      s.on('connect', onConnect);
      if (s.connected) s.emit('join', SPORTS_ROOM);
    };
    if (signedIn && platform) attach(platform);
    else {
      void import('socket.io-client').then(({ io }) => {
        if (stopped) return;
        const { origin, path } = socketTarget();
        attach(io(origin, { path, transports: ['websocket'] }));
      });
    }
    return () => {
      stopped = true;
      const s = socket;
      if (!s) return;
      s.off(SPORTS_EVENT, onEvent);
      s.off('connect', onConnect);
      if (s === platform) s.emit('leave', SPORTS_ROOM);
      else s.disconnect();
    };
  }, [client, platform, signedIn, status]);
  return null;
}
