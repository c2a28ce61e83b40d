import 'server-only';
import { getDb, type Db } from '@/lib/server/db';
import { cryptos } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';

/*
 * Amounts cross the API as decimal strings ("0.015") and live in the ledger as integers at each
 * currency's ledger precision (its `decimals` in the Cryptos list). Never through a JS number.
 */

/** Minor units as a decimal string: 123456 with 6 decimals is "0.123456". */
export function formatMinor(amount: bigint, decimals: number): string {
  const negative = amount < BigInt(0);
  const digits = (negative ? -amount : amount).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * A decimal string at the currency's precision as minor units: "-1.5" with 8 decimals is
 * -150000000. More decimals than the currency keeps is refused, not rounded.
 */
/** Cuts a decimal string to `decimals` places (what lies beyond ledger precision is never credited). */
export function truncateDecimal(value: string, decimals: number): string {
  const [whole = '0', fraction = ''] = value.split('.');
  return decimals ? `${whole}.${fraction.slice(0, decimals).padEnd(decimals, '0')}` : whole;
}

export function parseMinor(value: string, decimals: number, field = 'amount'): bigint {
  const match = /^(-?)(\d{1,30})(?:\.(\d+))?$/.exec(value.trim());
  if (!match || (match[3]?.length ?? 0) > decimals) throw new ApiError('VALIDATION_ERROR', field);
  const [, sign, whole, fraction = ''] = match;
  const units = BigInt(whole + fraction.padEnd(decimals, '0'));
  return sign ? -units : units;
}

/**
 * Every currency's ledger precision (its `decimals` in the Cryptos list), read once for a list —
 * inside a transaction when given one (the embedded database has one connection: a read beside an
 * open transaction would wait for it forever).
 */
export async function ledgerPrecision(tx?: Pick<Db, 'select'>): Promise<Map<string, number>> {
  const db = tx ?? (await getDb());
  const rows = await db
    .select({ symbol: cryptos.symbol, decimals: cryptos.decimals })
    .from(cryptos);
  return new Map(rows.map((c) => [c.symbol, c.decimals]));
}

const PRECISION_TTL_MS = 60_000;
let precision: { at: number; value: Promise<Map<string, number>> } | undefined;

/**
 * The precision table for hot paths (a bet reads it every time), read at most once a minute: a
 * listed currency's decimals never change, and a newly listed one is there within the minute.
 */
export function cachedPrecision(now = Date.now()): Promise<Map<string, number>> {
  if (precision && now - precision.at < PRECISION_TTL_MS) return precision.value;
  const value = ledgerPrecision();
  precision = { at: now, value };
  value.catch(() => {
    if (precision?.value === value) precision = undefined;
  });
  return value;
}
