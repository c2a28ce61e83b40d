import { z } from 'zod';

/** Error log call (spec §7): what the error page reports about an unhandled interface error. */
export const errorLogSchema = z
  .object({
    message: z.string().trim().min(1).max(2000),
    componentStack: z.string().max(20_000).optional(),
    url: z.string().max(2000),
    timestamp: z.iso.datetime({ offset: true }),
    userAgent: z.string().max(1000).optional(),
  })
  .meta({ id: 'ErrorLog' });

export type ErrorLogInput = z.infer<typeof errorLogSchema>;
