'use client';

import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useEndpoints } from './operator-providers';

/**
 * A room kept live by the platform socket (authenticated by the staff session cookie, sent with
 * the handshake): each of `events`, and every (re)connection, refetches the queries under `keys`.
 * The events carry no data of their own; what is shown is always asked with the member's rights.
 */
export function useLiveRefresh(events: readonly string[], keys: readonly QueryKey[]) {
  const { socketPath } = useEndpoints();
  const queryClient = useQueryClient();
  const names = events.join(' ');
  const keysText = JSON.stringify(keys);

  useEffect(() => {
    let stopped = false;
    let disconnect: (() => void) | undefined;
    void import('socket.io-client').then(({ io }) => {
      if (stopped) return;
      const socket = io(window.location.origin, { path: socketPath, transports: ['websocket'] });
      const refresh = () => {
        for (const queryKey of JSON.parse(keysText) as QueryKey[]) {
          void queryClient.invalidateQueries({ queryKey });
        }
      };
      socket.on('connect', refresh);
      for (const name of names.split(' ')) socket.on(name, refresh);
      disconnect = () => socket.disconnect();
    });
    return () => {
      stopped = true;
      disconnect?.();
    };
  }, [socketPath, queryClient, names, keysText]);
}
