import { z } from 'zod';

/** Every platform response: `{ code: 'success', data }`, or `{ code, error: { message } }` on failure. */
export const errorEnvelopeSchema = z.object({
  code: z.string(),
  error: z.object({ message: z.string() }),
});

export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal('success'), data });
}

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
export type SuccessEnvelope<T> = { code: 'success'; data: T };
