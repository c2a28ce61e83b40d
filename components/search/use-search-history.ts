'use client';

import { useSyncExternalStore } from 'react';
import { loadHistory, remember, saveHistory } from '@/components/search/history';

// The history lives in localStorage; this keeps one snapshot and tells readers when it changes.
const listeners = new Set<() => void>();
let snapshot: string[] | null = null;
const empty: string[] = [];

function read(): string[] {
  snapshot ??= loadHistory();
  return snapshot;
}

function write(next: string[]) {
  snapshot = next;
  saveHistory(next);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Adds a query that found something (distinct, newest first, 5 at most). */
export function addToHistory(query: string): void {
  const next = remember(read(), query);
  if (next.join('\n') !== read().join('\n')) write(next);
}

export function clearHistory(): void {
  write([]);
}

/** Recent searches (spec §4), kept in step with every reader. */
export function useSearchHistory(): string[] {
  return useSyncExternalStore(subscribe, read, () => empty);
}
