import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The content documents one page render used, as cache tags (`content:footer:de`). server.ts runs
 * every request inside `collectRenderTags`; lib/content adds a tag for each document it reads; the
 * HTML cache stores them beside the page, so a published change drops exactly the pages that show
 * it. One store on globalThis: server.ts and Next's server bundle each load this module.
 */
const holder = globalThis as { __renderTags?: AsyncLocalStorage<Set<string>> };
const storage = (holder.__renderTags ??= new AsyncLocalStorage<Set<string>>());

export function collectRenderTags<T>(tags: Set<string>, run: () => T): T {
  return storage.run(tags, run);
}

/** Records tags on the render in progress; outside one (scripts, tests) nothing happens. */
export function addRenderTags(...tags: string[]): void {
  const current = storage.getStore();
  if (current) for (const tag of tags) current.add(tag);
}
