'use client';

import { useCallback, useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** A game-page switch (sound, hotkeys) kept in this browser; off until the player turns it on. */
export function usePreference(name: 'sound' | 'hotkeys'): [boolean, (on: boolean) => void] {
  const key = `originals.${name}`;
  const on = useSyncExternalStore(
    subscribe,
    () => window.localStorage.getItem(key) === '1',
    () => false,
  );
  const set = useCallback(
    (value: boolean) => {
      window.localStorage.setItem(key, value ? '1' : '0');
      for (const listener of listeners) listener();
    },
    [key],
  );
  return [on, set];
}
