import 'server-only';
import { z } from 'zod';
import { config } from '@/lib/config';
import { errorEnvelopeSchema } from '@/lib/schemas/envelope';
import { STAFF_COOKIE } from '@/lib/realtime/socket-auth';
import { isBinary, type Route } from '@/lib/server/http/route';
import packageJson from '@/package.json';
import { publishedRoutes, routeTags } from './routes';

type JsonSchema = Record<string, unknown>;

/** Named schemas (`.meta({ id })`) shared by every operation, as OpenAPI components. */
type Components = Record<string, JsonSchema>;

const REF = '#/components/schemas/';

function schemaOf(schema: z.ZodType, io: 'input' | 'output', components: Components): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  const { $defs, ...rest } = json;
  delete rest.$schema;
  const toComponents = (value: unknown) =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', `"${REF}`)) as JsonSchema;
  for (const [name, def] of Object.entries(($defs ?? {}) as Components))
    components[name] = toComponents(def);
  return toComponents(rest);
}

/**
 * Query and path parameters, one per property. A schema registered with an id comes back as a bare
 * `$ref`; parameters need its properties, so it is read inline and not kept as a component.
 */
function parameters(
  schema: z.ZodType | undefined,
  where: 'query' | 'path',
  components: Components,
): JsonSchema[] {
  if (!schema) return [];
  const local: Components = {};
  let json = schemaOf(schema, 'input', local) as {
    $ref?: string;
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  if (json.$ref?.startsWith(REF)) {
    const name = json.$ref.slice(REF.length);
    json = local[name] as typeof json;
    delete local[name];
  }
  Object.assign(components, local);
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || (json.required?.includes(name) ?? false),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

const failure = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: `${REF}Error` } } },
});

/** The 200 answer: `{ code: 'success', data }`, or a file under each media type it may have. */
function success(response: Route['response'], components: Components) {
  if (isBinary(response)) {
    return {
      description: response.description,
      ...(response.headers
        ? {
            headers: Object.fromEntries(
              Object.entries(response.headers).map(([name, description]) => [
                name,
                { description, schema: { type: 'string' } },
              ]),
            ),
          }
        : {}),
      content: Object.fromEntries(
        response.binary.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
      ),
    };
  }
  return {
    description: 'Success',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['code', 'data'],
          properties: {
            code: { const: 'success' },
            data: schemaOf(response, 'output', components),
          },
        },
      },
    },
  };
}

function responses(route: Route, components: Components) {
  const validated = route.body || route.query || route.params;
  return {
    200: success(route.response, components),
    ...(validated
      ? { 400: failure('VALIDATION_ERROR: the input breaks a rule stated above') }
      : {}),
    ...(route.auth === 'required' ? { 401: failure('UNAUTHORIZED: no valid session token') } : {}),
    ...(route.limits?.length
      ? { 429: failure('A limit in x-rate-limits was reached: try again when its window ends') }
      : {}),
    default: failure('Any other failure: a 4xx for a client mistake, with a localized message'),
  };
}

function operationObject(route: Route, components: Components) {
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: route.tags,
    ...(route.auth === 'required' ? { security: [{ bearerAuth: [] }] } : {}),
    ...(route.operator
      ? { security: [{ operatorToken: [] }, { staffSession: [] }], 'x-roles': route.operator }
      : {}),
    ...(route.auth === 'optional' ? { security: [{}, { bearerAuth: [] }] } : {}),
    parameters: [
      ...parameters(route.params, 'path', components),
      ...parameters(route.query, 'query', components),
    ],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: schemaOf(route.body, 'input', components) },
            },
          },
        }
      : {}),
    ...(route.limits?.length
      ? {
          'x-rate-limits': route.limits.map(({ rule, by }) => ({
            name: rule.name,
            per: by,
            limit: rule.limit,
            windowSeconds: rule.windowMs / 1000,
          })),
        }
      : {}),
    responses: responses(route, components),
  };
}

/** OpenAPI 3.1 (JSON Schema 2020-12, which zod 4 emits natively), built from the routes themselves. */
export function buildOpenApiDocument(serverUrl: string) {
  const components: Components = {};
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of publishedRoutes) {
    (paths[route.path] ??= {})[route.method] = operationObject(route, components);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${config.SITE_NAME} platform API`,
      version: packageJson.version,
      description:
        'The platform API the site calls. Every answer is `{ code: "success", data }` or `{ code, error: { message } }` with the message in the language of `x-locale` or Accept-Language.',
      contact: { name: `${config.SITE_NAME} operators`, url: config.SITE_URL },
    },
    servers: [{ url: serverUrl }],
    tags: routeTags,
    paths,
    components: {
      schemas: { ...components, Error: schemaOf(errorEnvelopeSchema, 'output', components) },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: "A player's session token" },
        operatorToken: { type: 'http', scheme: 'bearer', description: 'OPERATOR_TOKEN' },
        staffSession: {
          type: 'apiKey',
          in: 'cookie',
          name: STAFF_COOKIE,
          description:
            "A back-office staff session (POST /operator/session sets it: HttpOnly, SameSite=Strict); a change also needs the back office's own Origin",
        },
      },
    },
  };
}
