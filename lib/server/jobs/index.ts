import 'server-only';
import PgBoss from 'pg-boss';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import { getDbHandle } from '@/lib/server/db';

/**
 * Work that happens after the answer, survives a restart and is retried: pg-boss 10 on the
 * platform's own database (PGlite or PostgreSQL), so nothing else needs to run. A domain declares
 * its job once with `defineJob` and enqueues it; any server of the deployment may run it.
 *
 * Job data is stored in the database until the job is archived: keep secrets out of it (pass a row
 * id, not a code or a password hash).
 */
type Handler<T> = (data: T) => Promise<void>;
type QueueOptions = {
  retryLimit?: number;
  /**
   * `stately`: at most one job waiting and one running per singleton key (a loop that re-enqueues
   * itself stays one loop however many servers start it).
   */
  policy?: 'standard' | 'stately';
  /** How long a running job may take before another server takes it over (a crashed server's). */
  expireInSeconds?: number;
};
type Definition = { handler: Handler<never> } & QueueOptions;

type JobsState = {
  boss?: Promise<PgBoss>;
  queues: Map<string, Promise<void>>;
  workers: Map<string, Promise<string>>;
  definitions: Map<string, Definition>;
  /** Set while the database closes: nothing new starts (see `stopBoss`). */
  closing?: boolean;
  /** The queue's statements running and the handlers running, for `stopBoss` to wait on. */
  busy: { sql: number; handlers: number };
};

// Route handlers are bundled separately: one queue connection and one worker per job for the process.
const holder = globalThis as { __jobs?: JobsState };
const state: JobsState = (holder.__jobs ??= {
  queues: new Map(),
  workers: new Map(),
  definitions: new Map(),
  busy: { sql: 0, handlers: 0 },
});

/** How often an idle worker looks for jobs another server enqueued (its own wake it at once). */
const POLL_SECONDS = 1;

const CLOSING = 'the job queue is closing';

/** Counts a piece of the queue's work while it runs, so that closing can wait for it. */
async function tracked<T>(kind: keyof JobsState['busy'], work: () => Promise<T>): Promise<T> {
  state.busy[kind] += 1;
  try {
    return await work();
  } finally {
    state.busy[kind] -= 1;
  }
}

/**
 * Stops the queue before its database closes. pg-boss's graceful stop waits only for jobs a
 * worker holds: a worker whose fetch is still on the wire gets its job after the stop and would
 * run it, and mark it done, on a closed pool. So nothing new starts from here (an enqueue or a
 * fetched job is refused; a refused job fails, and its retry or the next enqueue runs it), and
 * the stop waits until no statement of the queue and no handler is running.
 */
async function stopBoss(boss: PgBoss): Promise<void> {
  state.closing = true;
  try {
    await boss.stop({ graceful: true, wait: true, timeout: 5_000, close: false });
    const deadline = Date.now() + 5_000;
    // Two quiet looks a turn of the event loop apart: a fetch that just answered has started its
    // next statement (or its handler) by the second.
    let quiet = 0;
    while (quiet < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      quiet = state.busy.sql + state.busy.handlers === 0 ? quiet + 1 : 0;
    }
  } finally {
    state.boss = undefined;
    state.queues.clear();
    state.workers.clear();
    state.closing = false;
  }
}

async function startBoss(): Promise<PgBoss> {
  const handle = await getDbHandle();
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values?: unknown[]) =>
        tracked('sql', () => handle.sql(text, values)),
    },
    schedule: false,
    supervise: true,
    migrate: true,
  });
  boss.on('error', (err) => logger.error({ err }, 'job queue error'));
  await boss.start();
  handle.beforeClose.push(() => stopBoss(boss));
  return boss;
}

function queue(): Promise<PgBoss> {
  if (state.closing) return Promise.reject(new Error(CLOSING));
  state.boss ??= startBoss().catch((error: unknown) => {
    state.boss = undefined;
    throw error;
  });
  return state.boss;
}

/**
 * pg-boss creates a queue's partition with ALTER TABLE on the shared job table: two created at once
 * deadlock on a fresh database (every worker starts together). One at a time in a process, and a
 * deadlock with another process starting is tried again.
 */
let creating: Promise<unknown> = Promise.resolve();
async function createQueue(
  boss: PgBoss,
  name: string,
  options: Parameters<PgBoss['createQueue']>[1],
) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await boss.createQueue(name, options);
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
      await new Promise((r) => setTimeout(r, 50 * attempt * Math.random()));
    }
  }
}

/** A job's queue, created once per process with the retry and policy the job declared. */
function ensureQueue(name: string): Promise<void> {
  let created = state.queues.get(name);
  if (!created) {
    const definition = state.definitions.get(name)!;
    const options = {
      name,
      retryLimit: definition.retryLimit,
      retryBackoff: true,
      retryDelay: 5,
      // pg-boss refuses a key set to undefined: only the options the job gave.
      ...(definition.policy ? { policy: definition.policy } : {}),
      ...(definition.expireInSeconds ? { expireInSeconds: definition.expireInSeconds } : {}),
    };
    const run = creating.then(async () => createQueue(await queue(), name, options));
    creating = run.catch(() => undefined);
    created = run.then(
      () => undefined,
      (error: unknown) => {
        state.queues.delete(name);
        throw error;
      },
    );
    state.queues.set(name, created);
  }
  return created;
}

function ensureWorker(name: string): Promise<string> {
  let worker = state.workers.get(name);
  if (!worker) {
    worker = (async () => {
      await ensureQueue(name);
      const boss = await queue();
      const definition = state.definitions.get(name)!;
      return boss.work<object>(
        name,
        { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 },
        ([job]) =>
          tracked('handlers', async () => {
            if (state.closing) throw new Error(CLOSING);
            try {
              await (definition.handler as Handler<object>)(job!.data);
            } catch (err) {
              logger.error({ err, job: name }, 'job failed');
              throw err;
            }
          }),
      );
    })().catch((error: unknown) => {
      state.workers.delete(name);
      throw error;
    });
    state.workers.set(name, worker);
  }
  return worker;
}

/** When a job may start (seconds from now) and, with the stately policy, which loop it belongs to. */
export type EnqueueOptions = { startAfter?: number; singletonKey?: string };
export type Job<T> = {
  name: string;
  enqueue: (data: T, options?: EnqueueOptions) => Promise<void>;
};

/** Declares a job: its name, what it does, and how its queue retries and limits it. */
export function defineJob<T extends object>(
  name: string,
  handler: Handler<T>,
  { retryLimit = 3, ...options }: QueueOptions = {},
): Job<T> {
  if (!state.definitions.has(name)) {
    state.definitions.set(name, { handler: handler as Handler<never>, retryLimit, ...options });
  }
  return {
    name,
    async enqueue(data, enqueueOptions = {}) {
      if (state.closing) throw new Error(CLOSING);
      // A web-only server (JOB_WORKERS=false) only enqueues: another server works the job.
      const worker = config.JOB_WORKERS ? await ensureWorker(name) : null;
      await ensureQueue(name);
      const boss = await queue();
      await boss.send(name, data, enqueueOptions);
      // This server's own worker starts at once instead of at its next poll.
      if (worker) boss.notifyWorker(worker);
    },
  };
}

/** Starts a worker for every job this process has declared (at server start, after imports). */
export async function startWorkers(): Promise<void> {
  if (!config.JOB_WORKERS) return;
  await Promise.all([...state.definitions.keys()].map(ensureWorker));
}

/** Waits until no job is waiting or running: tests read what a job wrote only after it ran. */
export async function drainJobs(timeoutMs = 10_000): Promise<void> {
  const handle = await getDbHandle();
  if (!state.boss) return;
  await state.boss;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await handle.sql(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND start_after <= now()`,
      [],
    );
    if (Number(rows[0]?.n ?? 0) === 0) return;
    if (Date.now() > deadline) throw new Error('jobs still pending');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
