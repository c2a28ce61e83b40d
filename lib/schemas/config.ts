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

/** A supported cryptocurrency of the Cryptos list call (spec §3). */
export const cryptoSchema = z
  .object({ symbol: z.string(), logoUrl: z.string() })
  .meta({ id: 'Crypto' });
export const cryptoListSchema = z.object({ cryptos: z.array(cryptoSchema) });
export type Crypto = z.infer<typeof cryptoSchema>;
