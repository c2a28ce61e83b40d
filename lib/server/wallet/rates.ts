import 'server-only';
import { z } from 'zod';
import { config } from '@/lib/config';
import { logger } from '@/lib/logger';
import { fiatCurrencies, type FiatCurrency, type Rates } from '@/lib/schemas/rates';

/** How long a fetched price table is reused: prices for display, not for moving money. */
export const RATES_TTL_MS = 60_000;

/** The price source's id for each currency of the Cryptos list (CoinGecko's ids). */
const sourceIds: Record<string, string> = {
  BTC: 'bitcoin',
  ETH: 'ethereum',
  USDT: 'tether',
  USDC: 'usd-coin',
  BNB: 'binancecoin',
  SOL: 'solana',
  XRP: 'ripple',
  TRX: 'tron',
  DOGE: 'dogecoin',
  LTC: 'litecoin',
  TON: 'the-open-network',
  ADA: 'cardano',
  BCH: 'bitcoin-cash',
  POL: 'polygon-ecosystem-token',
  AVAX: 'avalanche-2',
  DOT: 'polkadot',
  LINK: 'chainlink',
  SHIB: 'shiba-inu',
};

/** Built-in, rounded USD prices and exchange rates: shown only as indicative, never live. */
const indicativeUsd: Record<string, number> = {
  BTC: 90000,
  ETH: 3000,
  USDT: 1,
  USDC: 1,
  BNB: 600,
  SOL: 150,
  XRP: 2,
  TRX: 0.25,
  DOGE: 0.15,
  LTC: 80,
  TON: 3,
  ADA: 0.5,
  BCH: 400,
  POL: 0.2,
  AVAX: 20,
  DOT: 4,
  LINK: 15,
  SHIB: 0.00001,
};
const usdTo: Record<FiatCurrency, number> = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  BRL: 5.4,
  JPY: 150,
  TRY: 40,
};

/** One price per fiat currency, spelled out so the type says every one is there. */
const perFiat = (price: (fiat: FiatCurrency) => number): Record<FiatCurrency, number> => ({
  USD: price('USD'),
  EUR: price('EUR'),
  GBP: price('GBP'),
  BRL: price('BRL'),
  JPY: price('JPY'),
  TRY: price('TRY'),
});

function indicative(): Rates {
  const rates: Rates['rates'] = {};
  for (const [symbol, usd] of Object.entries(indicativeUsd)) {
    rates[symbol] = perFiat((f) => usd * usdTo[f]);
  }
  return { source: 'indicative', updatedAt: new Date(0).toISOString(), rates };
}

const priceAnswer = z.record(z.string(), z.record(z.string(), z.number().nonnegative()));

async function fetchLive(url: string): Promise<Rates> {
  const endpoint = new URL('simple/price', `${url.replace(/\/$/, '')}/`);
  endpoint.searchParams.set('ids', Object.values(sourceIds).join(','));
  endpoint.searchParams.set('vs_currencies', fiatCurrencies.join(',').toLowerCase());
  const response = await fetch(endpoint, {
    headers: {
      Accept: 'application/json',
      ...(config.RATES_API_KEY ? { 'x-cg-demo-api-key': config.RATES_API_KEY } : {}),
    },
    signal: AbortSignal.timeout(5000),
  });
  if (!response.ok) throw new Error(`price source answered ${response.status}`);
  const prices = priceAnswer.parse(await response.json());
  const rates: Rates['rates'] = {};
  for (const [symbol, id] of Object.entries(sourceIds)) {
    const row = prices[id];
    if (!row) continue;
    // A coin the source prices in only some currencies is left out rather than shown half-converted.
    if (!fiatCurrencies.every((f) => typeof row[f.toLowerCase()] === 'number')) continue;
    rates[symbol] = perFiat((f) => row[f.toLowerCase()]!);
  }
  return { source: 'live', updatedAt: new Date().toISOString(), rates };
}

let cached: { at: number; value: Promise<Rates> } | undefined;
/** The indicative table, made once: it never changes (every posting of a bet reads it). */
let fixed: Rates | undefined;

/**
 * Rates for the fiat view: the configured price source, cached for a minute (one request at a
 * time however many players ask); without one, or when it fails, the built-in indicative table.
 */
export function currentRates(now = Date.now()): Promise<Rates> {
  if (!config.RATES_URL) return Promise.resolve((fixed ??= indicative()));
  if (cached && now - cached.at < RATES_TTL_MS) return cached.value;
  const value = fetchLive(config.RATES_URL).catch((err: unknown) => {
    logger.warn({ err }, 'price source unavailable: indicative rates');
    cached = undefined;
    return indicative();
  });
  cached = { at: now, value };
  return value;
}

/** Forgets the cached table (tests, and a changed configuration). */
export function clearRatesCache(): void {
  cached = undefined;
}
