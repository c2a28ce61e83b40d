import 'server-only';
import { logger } from '@/lib/logger';

/**
 * Content documents kept in this process, by key, with the tags that invalidate them.
 *
 * - Fresh for `ttlMs`; the webhook (/api/revalidate) marks a changed document stale at once, on
 *   every server (lib/content/invalidate.ts), so the TTL is only the net under a missed webhook.
 * - The content service slow (over `timeoutMs`), down, or its answer malformed: the last good copy
 *   is served and the failure logged, so a page that rendered once always renders.
 * - One fetch per key at a time: a burst of renders after an invalidation asks once; a fetch that
 *   began before an invalidation is neither joined nor kept afterwards.
 */
type Entry = { value: unknown; fetchedAt: number; tags: string[] };
type Loading = { promise: Promise<unknown>; tags: string[]; current: boolean };

export type ContentCacheOptions = { ttlMs: number; timeoutMs: number; now?: () => number };

export function createContentCache({ ttlMs, timeoutMs, now = Date.now }: ContentCacheOptions) {
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Loading>();

  function fetchInto<T>(
    key: string,
    tags: string[],
    fetcher: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const job: Loading = { promise: Promise.resolve(), tags, current: true };
    job.promise = fetcher(AbortSignal.timeout(timeoutMs))
      .then((value) => {
        if (job.current) entries.set(key, { value, fetchedAt: now(), tags });
        return value;
      })
      .finally(() => {
        if (loading.get(key) === job) loading.delete(key);
      });
    loading.set(key, job);
    return job.promise as Promise<T>;
  }

  async function load<T>(
    key: string,
    tags: string[],
    fetcher: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const entry = entries.get(key);
    if (entry && now() - entry.fetchedAt < ttlMs) return entry.value as T;
    const pending = loading.get(key);
    try {
      return await ((pending?.promise as Promise<T> | undefined) ?? fetchInto(key, tags, fetcher));
    } catch (err) {
      const last = entries.get(key);
      if (last === undefined) throw err;
      logger.warn({ err, key }, 'content service failed: serving the last good copy');
      return last.value as T;
    }
  }

  /** Marks every document carrying one of these tags stale (kept as the last good copy). */
  function invalidate(tags: string[]): number {
    const hit = (own: string[]) => own.some((tag) => tags.includes(tag));
    let marked = 0;
    for (const entry of entries.values()) {
      if (hit(entry.tags)) {
        entry.fetchedAt = Number.NEGATIVE_INFINITY;
        marked += 1;
      }
    }
    for (const [key, job] of loading) {
      if (hit(job.tags)) {
        job.current = false;
        loading.delete(key);
      }
    }
    return marked;
  }

  return { load, invalidate, size: () => entries.size };
}

export type ContentCache = ReturnType<typeof createContentCache>;
