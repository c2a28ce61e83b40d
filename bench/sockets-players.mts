/**
 * The players of `npm run bench:sockets` (bench/sockets.mjs), made in a process of its own on the
 * database DATABASE_URL names: BENCH_SOCKETS players, each with a session, and their stream tokens
 * printed as one JSON line ("ready [...]").
 */
import { createSession } from '@/lib/server/auth/session';
import { closeDb } from '@/lib/server/db';
import { createPlayer } from '@/lib/server/players/store';

const count = Number(process.env.BENCH_SOCKETS ?? 5000);
const run = Date.now().toString(36);
const tokens: string[] = [];
// In batches: the pool has ten connections, and 5,000 at once only queue behind them.
for (let start = 0; start < count; start += 100) {
  const batch = await Promise.all(
    Array.from({ length: Math.min(100, count - start) }, async (_, i) => {
      const { id } = await createPlayer({
        email: `sockets-${run}-${start + i}@example.com`,
        status: 'active',
      });
      return (await createSession(id)).streamToken;
    }),
  );
  tokens.push(...batch);
}
console.log(`ready ${JSON.stringify(tokens)}`);
await closeDb();
