import 'server-only';
import { ApiError } from './api-error';

/**
 * At most `limit` tasks at once; up to `queue` more wait their turn, and past that the caller is
 * told the service is busy (503) at once instead of piling up work the machine cannot finish.
 */
export function concurrencyCap(limit: number, queue: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) {
      if (waiting.length >= queue) throw new ApiError('SERVICE_UNAVAILABLE');
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    running += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
