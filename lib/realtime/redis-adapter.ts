import type { Server } from 'socket.io';

/**
 * Joins this socket server to every other behind the same Redis (REDIS_URL): an event emitted on
 * one server — a notice, a balance, a disconnect of revoked sessions — reaches the matching
 * sockets on all of them. Answers a function that closes the two Redis connections.
 */
export async function attachRedisAdapter(
  io: Server,
  url: string,
  onError: (err: unknown) => void,
): Promise<() => Promise<void>> {
  const [{ Redis }, { createAdapter }] = await Promise.all([
    import('ioredis'),
    import('@socket.io/redis-adapter'),
  ]);
  const pub = new Redis(url, { lazyConnect: true });
  const sub = pub.duplicate();
  pub.on('error', onError);
  sub.on('error', onError);
  await Promise.all([pub.connect(), sub.connect()]);
  io.adapter(createAdapter(pub, sub, { key: 'socket.io' }));
  return async () => {
    await Promise.all([pub.quit(), sub.quit()]);
  };
}
