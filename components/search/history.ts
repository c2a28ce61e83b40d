/** Search history (spec §4, §9): the 5 most recent distinct queries that returned results. */
export const SEARCH_HISTORY_KEY = 'searchHistory';
export const SEARCH_HISTORY_SIZE = 5;
/** Typed text waits this long before it is searched (spec §9). */
export const SEARCH_DEBOUNCE_MS = 300;

/** The query first, without an earlier copy of it (case-insensitively), at most 5. */
export function remember(history: readonly string[], query: string): string[] {
  const q = query.trim();
  if (!q) return [...history];
  const rest = history.filter((h) => h.toLowerCase() !== q.toLowerCase());
  return [q, ...rest].slice(0, SEARCH_HISTORY_SIZE);
}

export function loadHistory(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((v): v is string => typeof v === 'string').slice(0, SEARCH_HISTORY_SIZE)
      : [];
  } catch {
    return [];
  }
}

export function saveHistory(history: readonly string[]): void {
  try {
    if (history.length) localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(history));
    else localStorage.removeItem(SEARCH_HISTORY_KEY);
  } catch {
    // Private mode: history simply does not persist.
  }
}

/** Load-more appends the next page, skipping games already shown (spec §4). */
export function appendDistinct<T extends { id: string }>(
  shown: readonly T[],
  next: readonly T[],
): T[] {
  const seen = new Set(shown.map((g) => g.id));
  return [...shown, ...next.filter((g) => !seen.has(g.id) && (seen.add(g.id), true))];
}
