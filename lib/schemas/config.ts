import { z } from 'zod';

/** A language of the Languages config call (spec §3). */
export const languageSchema = z
  .object({
    abbreviatedCode: z.string().min(2).max(8),
    nameOfTheLanguage: z.string(),
    flag: z.string(),
    direction: z.enum(['ltr', 'rtl']),
  })
  .meta({ id: 'Language' });

export const languageListSchema = z.array(languageSchema);

export type Language = z.infer<typeof languageSchema>;
