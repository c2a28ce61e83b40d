'use client';

import { useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';

/*
 * The signed-in player's one platform socket (made by LiveUpdates), shared with what else listens
 * on it — live support — so a player never holds two connections.
 */
let current: Socket | null = null;
const listeners = new Set<() => void>();

export function setPlatformSocket(socket: Socket | null): void {
  current = socket;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function usePlatformSocket(): Socket | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
