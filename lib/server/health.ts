import 'server-only';
import { sql } from 'drizzle-orm';
import type { Health } from '@/lib/schemas/health';
import { getDbHandle } from '@/lib/server/db';
import packageJson from '@/package.json';

/** Health: the database answers a query; a failure is reported, not thrown. */
export async function checkHealth(): Promise<Health> {
  const started = performance.now();
  let kind: Health['database']['kind'] = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  let ok = false;
  try {
    const handle = await getDbHandle();
    kind = handle.kind;
    await handle.db.execute(sql`select 1`);
    ok = true;
  } catch {
    ok = false;
  }
  return {
    status: ok ? 'ok' : 'degraded',
    database: { kind, ok, latencyMs: Math.round((performance.now() - started) * 100) / 100 },
    uptimeSeconds: Math.round(process.uptime()),
    version: packageJson.version,
  };
}
