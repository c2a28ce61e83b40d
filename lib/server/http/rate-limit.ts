import 'server-only';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import { CLIENT_ADDRESS_HEADER } from '@/lib/serve/client-address';
import { ApiError, type ApiErrorCode } from './api-error';

/** Counters for abuse limits: fixed windows keyed by what is being limited. */
export interface CounterStore {
  /** Adds one to the key's window and answers the new count. */
  increment(key: string, windowMs: number): Promise<number>;
  /** Takes one back (a success that should not count against the caller), never below zero. */
  decrement(key: string): Promise<void>;
  /** The key's count in its current window (0 when none). */
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

type Window = { count: number; resetAt: number };

/** One process's counters: enough for one server. */
export function memoryStore(now: () => number = Date.now): CounterStore {
  const windows = new Map<string, Window>();
  const live = (key: string) => {
    const window = windows.get(key);
    if (window && window.resetAt > now()) return window;
    windows.delete(key);
    return undefined;
  };
  return {
    async increment(key, windowMs) {
      let window = live(key);
      if (!window) {
        window = { count: 0, resetAt: now() + windowMs };
        windows.set(key, window);
        if (windows.size > 50_000) {
          for (const [k, w] of windows) if (w.resetAt <= now()) windows.delete(k);
        }
      }
      window.count += 1;
      return window.count;
    },
    async decrement(key) {
      const window = live(key);
      if (window && window.count > 0) window.count -= 1;
    },
    async count(key) {
      return live(key)?.count ?? 0;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

/** Counters in Redis, shared by every server behind the same REDIS_URL. */
export async function redisStore(url: string): Promise<CounterStore & { close(): Promise<void> }> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  redis.on('error', (err) => logger.warn({ err }, 'redis error'));
  await redis.connect();
  const prefixed = (key: string) => `limits:${key}`;
  return {
    async increment(key, windowMs) {
      const [[, count]] = (await redis
        .multi()
        .incr(prefixed(key))
        .pexpire(prefixed(key), windowMs, 'NX')
        .exec()) as [[Error | null, number], unknown];
      return count;
    },
    async decrement(key) {
      // Only while the window lives, and never below zero: one script, so no other call interleaves.
      await redis.eval(
        "local v = tonumber(redis.call('GET', KEYS[1]) or '0') if v > 0 then redis.call('DECR', KEYS[1]) end return 0",
        1,
        prefixed(key),
      );
    },
    async count(key) {
      return Number((await redis.get(prefixed(key))) ?? 0);
    },
    async reset(key) {
      await redis.del(prefixed(key));
    },
    async close() {
      await redis.quit();
    },
  };
}

/** The process's counter store: Redis when REDIS_URL is set, else memory. */
export function limitStore(): Promise<CounterStore> {
  if (!globalThis.__limitStore) {
    globalThis.__limitStore = config.REDIS_URL
      ? redisStore(config.REDIS_URL)
      : Promise.resolve(memoryStore());
  }
  return globalThis.__limitStore;
}

/** Replaces the store (tests use a fresh one, or Redis). */
export function setLimitStore(store: CounterStore | undefined): void {
  globalThis.__limitStore = store ? Promise.resolve(store) : undefined;
}

export type Limit = { name: string; limit: number; windowMs: number; code?: ApiErrorCode };

/**
 * Counts one hit for the key *before* the action, then refuses past the limit (429, or the rule's
 * own code) until the window ends. Counting first means parallel requests cannot all slip under it.
 */
export async function hitLimit(rule: Limit, key: string): Promise<void> {
  if ((await countHit(rule, key)) > rule.limit) throw new ApiError(rule.code ?? 'RATE_LIMITED');
}

/** Counts one hit and answers the new count, for rules that change what is asked past a threshold. */
export async function countHit(rule: Limit, key: string): Promise<number> {
  const store = await limitStore();
  return store.increment(`${rule.name}:${key}`, rule.windowMs);
}

/** Gives a counted hit back (the attempt succeeded and should not count against the caller). */
export async function releaseHit(rule: Limit, key: string): Promise<void> {
  const store = await limitStore();
  await store.decrement(`${rule.name}:${key}`);
}

export async function clearLimit(rule: Limit, key: string): Promise<void> {
  const store = await limitStore();
  await store.reset(`${rule.name}:${key}`);
}

/**
 * The caller's address, as server.ts computed it from the socket and TRUSTED_PROXY_HOPS (it strips
 * every address header the client sent, so this one cannot be forged from outside).
 */
export function clientAddress(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
}
