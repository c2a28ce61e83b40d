/**
 * Closing the database with the job queue busy: the running job finishes first, and nothing new
 * starts on the closing database (an enqueue then is refused rather than opening another).
 */
import { closeDb, getDbHandle } from '@/lib/server/db';
import { defineJob } from '@/lib/server/jobs';

afterAll(() => closeDb());

it('waits for the running job, refuses a new one, and opens nothing after', async () => {
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const finished: number[] = [];
  const job = defineJob<{ n: number }>('test-close-slow', async ({ n }) => {
    started();
    await released;
    finished.push(n);
  });
  await getDbHandle();
  await job.enqueue({ n: 1 });
  await running;

  let closed = false;
  const closing = closeDb().then(() => {
    closed = true;
  });
  await expect(job.enqueue({ n: 2 })).rejects.toThrow('the job queue is closing');
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(closed).toBe(false);

  release();
  await closing;
  expect(finished).toEqual([1]);
  // The refused enqueue opened no database of its own.
  expect((globalThis as { __dbHandle?: unknown }).__dbHandle).toBeUndefined();
});
