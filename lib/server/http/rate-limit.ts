import 'server-only';
import { ApiError } from './api-error';

type Window = { count: number; resetAt: number };

/**
 * A fixed-window counter per key, kept in this process. Enough for one server; the sign-in work
 * moves the counters to Redis when REDIS_URL is set so several servers share them.
 */
export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }) {
  const windows = new Map<string, Window>();
  return {
    /** Counts one hit for the key; past the limit, answers 429 until the window ends. */
    hit(key: string, now = Date.now()): void {
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
        if (windows.size > 10_000) {
          for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        }
      }
      window.count += 1;
      if (window.count > limit) throw new ApiError('RATE_LIMITED');
    },
  };
}

/** The caller's address as the proxy in front reports it (the first X-Forwarded-For entry). */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || request.headers.get('x-real-ip') || 'unknown';
}
