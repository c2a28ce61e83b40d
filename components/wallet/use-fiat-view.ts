'use client';

import { useCallback, useSyncExternalStore } from 'react';

const KEY = 'viewInFiat';
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const read = () => window.localStorage.getItem(KEY) === '1';
const onServer = () => false;

/**
 * Whether amounts are shown in the player's fiat currency (settings.view_in_fiat_object.currency
 * says which): a choice of this browser, kept across tabs.
 */
export function useFiatView(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, read, onServer);
  const set = useCallback((value: boolean) => {
    window.localStorage.setItem(KEY, value ? '1' : '0');
    listeners.forEach((l) => l());
  }, []);
  return [on, set];
}
