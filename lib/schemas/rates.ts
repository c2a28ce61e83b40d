import { z } from 'zod';

/** The fiat currencies amounts can be viewed in (settings.view_in_fiat_object.currency). */
export const fiatCurrencies = ['USD', 'EUR', 'GBP', 'BRL', 'JPY', 'TRY'] as const;
export type FiatCurrency = (typeof fiatCurrencies)[number];

/**
 * Rates for the fiat view: the price of one unit of each crypto in each fiat currency. `live` came
 * from the configured price source; `indicative` is the built-in table, which the site labels so.
 */
export const ratesSchema = z
  .object({
    source: z.enum(['live', 'indicative']),
    updatedAt: z.string(),
    rates: z.record(z.string(), z.record(z.enum(fiatCurrencies), z.number().nonnegative())),
  })
  .meta({ id: 'Rates' });
export type Rates = z.infer<typeof ratesSchema>;
