import type { z } from 'zod';

/**
 * Formik's `validate` from a zod schema: the first message per field. Messages of the shared
 * schemas are keys of the `validation` namespace; the form translates them when it shows them.
 */
export function zodValidate(schema: z.ZodType) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join('.') || '_form';
      errors[key] ??= issue.message;
    }
    return errors;
  };
}
