import 'server-only';
import { config } from '@/lib/config';

const MAX_ENTRIES = 1000;
const entries = new Map<string, { expires: number; value: Promise<unknown> }>();

/**
 * Public catalog answers are the same for every player: lobby rows, category pages and popular
 * searches are served from memory for GAMES_CACHE_SECONDS (default 5) instead of asking the
 * database again. 0 turns it off. Failures are never kept.
 */
export function cachedCatalog<T>(key: string, load: () => Promise<T>): Promise<T> {
  const ttl = config.GAMES_CACHE_SECONDS * 1000;
  if (ttl <= 0) return load();
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.expires > now) return hit.value as Promise<T>;
  const value = load();
  entries.delete(key);
  entries.set(key, { expires: now + ttl, value });
  value.catch(() => entries.delete(key));
  // Oldest first in a Map: drop from the front when full.
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  return value;
}

/** After a catalog change (tests, an operator's edit), answers are read fresh. */
export function clearCatalogCache(): void {
  entries.clear();
}
