import 'server-only';
import { sql } from 'drizzle-orm';
import type { Health, Readiness } from '@/lib/schemas/health';
import { getDbHandle } from '@/lib/server/db';
import { ApiError } from '@/lib/server/http/api-error';
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

/**
 * Readiness: health, plus one real page rendered through server.ts's page cache within the render
 * deadline (lib/serve/page-probe.ts), so a balancer stops sending visitors to a server whose
 * renderer is stuck even while its stored pages still answer. 503 when either fails.
 */
export async function checkReadiness(): Promise<Readiness> {
  const probe = globalThis.__pageProbe;
  const [health, render] = await Promise.all([
    checkHealth(),
    probe ? probe() : Promise.resolve(null),
  ]);
  if (health.status !== 'ok') throw new ApiError('SERVICE_UNAVAILABLE', 'database');
  if (!render) throw new ApiError('SERVICE_UNAVAILABLE', 'no page renderer (run server.ts)');
  if (!render.ok)
    throw new ApiError('SERVICE_UNAVAILABLE', `page ${render.path}: ${render.reason}`);
  return {
    ...health,
    status: 'ok',
    render: { path: render.path, status: render.status, ms: render.ms },
  };
}
