import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { STAFF_COOKIE } from '@/lib/realtime/socket-auth';
import type { RouteHandler } from '@/lib/server/http/handler';
import { buildOpenApiDocument } from '@/lib/server/openapi/document';
import { publishedRoutes } from '@/lib/server/openapi/routes';

const root = path.join(process.cwd(), 'app/api/v1');
/**
 * Routes that are not part of the published API: the catch-all 404, the document itself, the dev
 * outbox, and Hub88's Wallet API (Hub88's own protocol, docs/casino-aggregators.md).
 */
const unpublished = new Set([
  '/[...path]',
  '/openapi.json',
  '/dev/outbox',
  '/casino/hub88/[...op]',
]);
const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === 'route.ts' ? [full] : [];
  });
}

/** Every exported method of every route file under app/api/v1, with the path its folder gives it. */
async function handlers() {
  const found: { apiPath: string; method: string; handler: RouteHandler }[] = [];
  for (const file of routeFiles(root)) {
    const apiPath = `/${path.relative(root, path.dirname(file)).split(path.sep).join('/')}`.replace(
      /\[(\w+)\]/g,
      '{$1}',
    );
    if (unpublished.has(apiPath)) continue;
    const exported: Partial<Record<(typeof methods)[number], RouteHandler>> = await import(file);
    for (const method of methods) {
      const handler = exported[method];
      if (handler) found.push({ apiPath, method: method.toLowerCase(), handler });
    }
  }
  return found;
}

type Json = { $ref?: string; $defs?: Record<string, Json>; properties?: object };

/** The property names a schema accepts, read by zod itself (through a registered id's `$ref`). */
function keys(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input' }) as Json;
  const own = json.$ref ? json.$defs?.[json.$ref.split('/').at(-1)!] : json;
  return Object.keys(own?.properties ?? {}).sort();
}

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument('http://localhost/api/v1');
  type Operation = {
    parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
    requestBody?: unknown;
    security?: unknown[];
    responses: Record<
      string,
      { content: Record<string, { schema: unknown }>; headers?: Record<string, unknown> }
    >;
  };
  const operation = (apiPath: string, method: string) =>
    (document.paths[apiPath] as Record<string, Operation> | undefined)?.[method];

  it('is built from the declarations the route handlers run with, one per handler', async () => {
    const found = await handlers();
    const mismatched = found
      .filter(({ apiPath, method, handler }) => {
        const route = handler.route;
        return !('path' in route) || route.path !== apiPath || route.method !== method;
      })
      .map(({ apiPath, method }) => `${method} ${apiPath}`);
    expect(mismatched).toEqual([]);
    // Each handler's declaration is one the document lists (the same object), and nothing else is.
    const declared = new Set<unknown>(found.map(({ handler }) => handler.route));
    expect(publishedRoutes.filter((route) => !declared.has(route)).map((r) => r.path)).toEqual([]);
    expect(found).toHaveLength(publishedRoutes.length);
  });

  it("documents every parameter, body and sign-in requirement the handler's schemas enforce", async () => {
    for (const { apiPath, method, handler } of await handlers()) {
      const { route } = handler;
      const documented = operation(apiPath, method);
      expect(documented).toBeDefined();
      const names = (where: string) =>
        documented!.parameters
          .filter((p) => p.in === where)
          .map((p) => p.name)
          .sort();
      expect([`${method} ${apiPath} path`, names('path')]).toEqual([
        `${method} ${apiPath} path`,
        keys(route.params),
      ]);
      expect([`${method} ${apiPath} query`, names('query')]).toEqual([
        `${method} ${apiPath} query`,
        keys(route.query),
      ]);
      expect(Boolean(documented!.requestBody)).toBe(Boolean(route.body));
      expect(Boolean(documented!.security?.length)).toBe(
        (route.auth ?? 'none') !== 'none' || Boolean(route.operator),
      );
    }
  });

  it('states the limits the games list enforces: page size, enums, slug pattern, search length', () => {
    const list = operation('/games', 'get')!.parameters;
    const param = (name: string) => list.find((p) => p.name === name)?.schema;
    expect(param('limit')).toMatchObject({ minimum: 1, maximum: 100 });
    expect(param('search')).toMatchObject({ maxLength: 100 });
    expect(param('filter')).toMatchObject({ enum: ['popular', 'newest', 'name'] });
    expect(param('provider')).toMatchObject({ pattern: '^[a-z0-9-]{1,64}$' });
    const game = operation('/games/{slug}', 'get')!.parameters;
    expect(game[0]).toMatchObject({ name: 'slug', in: 'path', required: true });
    expect(game[0]!.schema).toMatchObject({ pattern: '^[a-z0-9-]{1,100}$' });
  });

  it('documents files as binary under the media types their handlers answer, not as JSON', () => {
    const ok = (apiPath: string) => operation(apiPath, 'get')!.responses['200']!;
    const file = { schema: { type: 'string', format: 'binary' } };
    const images = { 'image/png': file, 'image/jpeg': file, 'image/webp': file };
    expect(ok('/avatars/{name}').content).toEqual({ 'image/webp': file });
    expect(ok('/support/images/{name}').content).toEqual(images);
    expect(ok('/operator/support/images/{name}').content).toEqual(images);
    for (const apiPath of ['/users/verification/documents/{id}', '/operator/kyc/documents/{id}']) {
      expect(ok(apiPath).content).toEqual({ ...images, 'application/pdf': file });
      expect(Object.keys(ok(apiPath).headers ?? {})).toEqual(['Content-Disposition']);
    }
    // A JSON route keeps its envelope.
    expect(Object.keys(ok('/games').content)).toEqual(['application/json']);
  });

  it("documents the avatar's size as its enum of sizes, with the default", () => {
    const size = operation('/avatars/{name}', 'get')!.parameters.find((p) => p.name === 'size');
    expect(size).toMatchObject({ in: 'query', required: false });
    expect(size!.schema).toEqual({ type: 'string', enum: ['64', '128', '256'], default: '128' });
  });

  it('accepts either OPERATOR_TOKEN or the back-office staff cookie on every operator route', () => {
    expect(document.components.securitySchemes.staffSession).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: STAFF_COOKIE,
    });
    const operatorRoutes = publishedRoutes.filter((route) => route.operator);
    expect(operatorRoutes.length).toBeGreaterThan(10);
    for (const route of operatorRoutes) {
      expect([route.path, operation(route.path, route.method)!.security]).toEqual([
        route.path,
        [{ operatorToken: [] }, { staffSession: [] }],
      ]);
    }
  });

  it('documents the whole sign-in body: email or phone (exactly one), password, 2FA code, captcha', () => {
    const schemas: Record<string, unknown> = document.components.schemas;
    const signIn = schemas.SignIn as {
      properties: Record<string, unknown>;
      oneOf?: unknown[];
    };
    expect(Object.keys(signIn.properties).sort()).toEqual([
      'captcha',
      'email',
      'password',
      'phone',
      'twoFactorCode',
    ]);
    expect(signIn.oneOf).toEqual([{ required: ['email'] }, { required: ['phone'] }]);
  });
});
