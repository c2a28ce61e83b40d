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
