import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import { contentCache } from './index';

const CHANNEL = 'content:invalidate';

type Bridge = {
  /** This process, so it does not apply its own broadcast twice. */
  origin: string;
  publisher?: Promise<Redis | null>;
  subscriber?: Promise<() => Promise<void>>;
};
// One per process: route handlers and instrumentation are bundled apart.
const bridge = ((globalThis as { __contentBridge?: Bridge }).__contentBridge ??= {
  origin: randomUUID(),
});

/** Marks the documents stale and drops the rendered pages that show them, in this process. */
function applyHere(tags: string[]): { documents: number; pages: number } {
  return {
    documents: contentCache.invalidate(tags),
    pages: globalThis.__htmlCache?.invalidate(tags) ?? 0,
  };
}

async function publisher(): Promise<Redis | null> {
  if (!config.REDIS_URL) return null;
  bridge.publisher ??= import('ioredis').then(async ({ Redis }) => {
    const client = new Redis(config.REDIS_URL!, { lazyConnect: true, maxRetriesPerRequest: 2 });
    client.on('error', (err) => logger.warn({ err }, 'content invalidation: redis error'));
    await client.connect();
    return client;
  });
  return bridge.publisher;
}

/**
 * A content document changed (the CMS webhook): every page showing it, on every server, is
 * rendered afresh on its next visit; nothing else is thrown away. With REDIS_URL the other
 * servers hear it over Redis pub/sub.
 */
export async function invalidateContent(tags: string[]) {
  const here = applyHere(tags);
  const redis = await publisher().catch((err: unknown) => {
    logger.warn({ err }, 'content invalidation not broadcast: redis unavailable');
    return null;
  });
  await redis?.publish(CHANNEL, JSON.stringify({ origin: bridge.origin, tags }));
  return here;
}

/** At start (instrumentation.ts): listens for the other servers' invalidations. */
export function listenForInvalidations(): Promise<() => Promise<void>> {
  if (!config.REDIS_URL) return Promise.resolve(async () => {});
  bridge.subscriber ??= import('ioredis').then(async ({ Redis }) => {
    const client = new Redis(config.REDIS_URL!, { lazyConnect: true });
    client.on('error', (err) => logger.warn({ err }, 'content invalidation: redis error'));
    client.on('message', (_channel: string, raw: string) => {
      try {
        const message = JSON.parse(raw) as { origin?: unknown; tags?: unknown };
        if (message.origin === bridge.origin || !Array.isArray(message.tags)) return;
        applyHere(message.tags.filter((t): t is string => typeof t === 'string'));
      } catch (err) {
        logger.warn({ err }, 'content invalidation: unreadable message');
      }
    });
    await client.connect();
    await client.subscribe(CHANNEL);
    return async () => void (await client.quit());
  });
  return bridge.subscriber;
}
