import 'server-only';
import { z } from 'zod';
import { errorEnvelopeSchema } from '@/lib/schemas/envelope';
import packageJson from '@/package.json';
import { operations, type Operation } from './operations';

type JsonSchema = Record<string, unknown>;

/** Named schemas (`.meta({ id })`) shared by every operation, as OpenAPI components. */
type Components = Record<string, JsonSchema>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output', components: Components): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  const { $defs, ...rest } = json;
  delete rest.$schema;
  const toComponents = (value: unknown) =>
    JSON.parse(
      JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/'),
    ) as JsonSchema;
  for (const [name, def] of Object.entries(($defs ?? {}) as Components))
    components[name] = toComponents(def);
  return toComponents(rest);
}

function queryParameters(schema: z.ZodType | undefined, components: Components) {
  if (!schema) return [];
  const json = schemaOf(schema, 'input', components) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

function operationObject(op: Operation, components: Components) {
  return {
    operationId: op.operationId,
    summary: op.summary,
    tags: op.tags,
    ...(op.auth ? { security: [{ bearerAuth: [] }] } : {}),
    parameters: queryParameters(op.query, components),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schemaOf(op.body, 'input', components) } },
          },
        }
      : {}),
    responses: {
      200: {
        description: 'Success',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['code', 'data'],
              properties: {
                code: { const: 'success' },
                data: schemaOf(op.response, 'output', components),
              },
            },
          },
        },
      },
      default: {
        description: 'Failure: a 4xx for a client mistake, with a localized message',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  };
}

/** OpenAPI 3.1 (JSON Schema 2020-12, which zod 4 emits natively). */
export function buildOpenApiDocument(serverUrl: string) {
  const components: Components = {};
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    (paths[op.path] ??= {})[op.method] = operationObject(op, components);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Casino platform API', version: packageJson.version },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: { ...components, Error: schemaOf(errorEnvelopeSchema, 'output', components) },
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
    },
  };
}
