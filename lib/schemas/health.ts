import { z } from 'zod';

export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({
      kind: z.enum(['pglite', 'postgres']),
      ok: z.boolean(),
      latencyMs: z.number(),
    }),
    uptimeSeconds: z.number(),
    version: z.string(),
  })
  .meta({ id: 'Health' });

export type Health = z.infer<typeof healthSchema>;

/** Readiness: the database answers and a real page renders within the render deadline. */
export const readinessSchema = healthSchema
  .extend({
    status: z.literal('ok'),
    render: z.object({
      path: z.string(),
      status: z.number().int(),
      ms: z.number(),
    }),
  })
  .meta({ id: 'Readiness' });

export type Readiness = z.infer<typeof readinessSchema>;
