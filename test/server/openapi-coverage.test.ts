import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { operations } from '@/lib/server/openapi/operations';

const root = path.join(process.cwd(), 'app/api/v1');
/** Routes that are not part of the published API: the catch-all 404, the document itself, the dev outbox. */
const unpublished = new Set(['/[...path]', '/openapi.json', '/dev/outbox']);

function routes(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routes(full);
    return name === 'route.ts' ? [full] : [];
  });
}

describe('OpenAPI document', () => {
  it('lists every published route handler with its method', () => {
    const missing: string[] = [];
    for (const file of routes(root)) {
      const apiPath =
        `/${path.relative(root, path.dirname(file)).split(path.sep).join('/')}`.replace(
          /\[(\w+)\]/g,
          '{$1}',
        );
      if (unpublished.has(apiPath)) continue;
      const source = readFileSync(file, 'utf8');
      for (const [, method] of source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)) {
        const known = operations.some(
          (op) => op.path === apiPath && op.method === method!.toLowerCase(),
        );
        if (!known) missing.push(`${method} ${apiPath}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
