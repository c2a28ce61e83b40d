import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { ApiError } from '@/lib/server/http/api-error';

/**
 * Inside a posting's transaction (its hooks included). A `post()` from there would open a second
 * transaction waiting on the first's locks while the first waits for it — a deadlock PostgreSQL
 * cannot see, and a hang on the embedded database's one connection (review B5).
 */
const inPosting = new AsyncLocalStorage<{ emitted: boolean }>();

export function assertNotInPosting(): void {
  if (inPosting.getStore()) {
    throw new Error(
      'post() was called inside a posting; use postMany() for postings that commit together',
    );
  }
}

/** Notes that the running posting wrote a domain event: its delivery starts once it commits. */
export function markEmitted(): void {
  const store = inPosting.getStore();
  if (store) store.emitted = true;
}

/** Lock timeout, deadlock, serialization failure: the transaction can be run again as it was. */
const RETRYABLE = new Set(['55P03', '40P01', '40001']);

/** Two transactions numbering one aggregate's events at once: the second numbers again. */
const isSequenceClash = (error: unknown) => {
  for (let e = error as { constraint?: unknown; cause?: unknown } | undefined; e;) {
    if (e.constraint === 'domain_events_aggregate_sequence') return true;
    e = e.cause as typeof e;
  }
  return false;
};

/** The SQLSTATE of a database error, however many wrappers (the ORM's) sit around it. */
export function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e;) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

export const POST_ATTEMPTS = 4;

/**
 * Runs a posting's transaction, and again — up to three more times, after a short random pause —
 * when it lost a lock wait, a deadlock or a serialization check: safe, since its idempotency keys
 * are unchanged and the rolled-back attempt left nothing. Past that, 503 BUSY with Retry-After.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  attempts = POST_ATTEMPTS,
): Promise<{ result: T; emitted: boolean }> {
  for (let tried = 1; ; tried++) {
    const store = { emitted: false };
    try {
      const result = await inPosting.run(store, attempt);
      return { result, emitted: store.emitted };
    } catch (error) {
      if (!RETRYABLE.has(sqlState(error) ?? '') && !isSequenceClash(error)) throw error;
      if (tried >= attempts) throw new ApiError('BUSY', undefined, undefined, 1);
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40 * tried));
    }
  }
}
