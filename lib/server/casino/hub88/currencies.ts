/*
 * What Hub88 plays in: its amounts are integers, the currency × 10⁵ (docs/casino-aggregators.md),
 * and crypto comes in display units of its own (mBTC …). Each ledger currency we offer maps to
 * one Hub88 code; `shift` is the power of ten from Hub88's integer to our minor units:
 * minor = hub88 × 10^shift. A currency not listed is refused at launch.
 */
export type Hub88Currency = { ledger: string; code: string; shift: number };

export const HUB88_CURRENCIES: readonly Hub88Currency[] = [
  // 8 decimals in the ledger; 1 mBTC × 10⁵ is one satoshi: exact both ways.
  { ledger: 'BTC', code: 'mBTC', shift: 0 },
  { ledger: 'ETH', code: 'mETH', shift: 0 },
  { ledger: 'LTC', code: 'mLTC', shift: 0 },
  // 6 decimals: one Hub88 unit is ten of ours.
  { ledger: 'USDT', code: 'USDT', shift: 1 },
  // 8 decimals played in whole coins: the balance is floored to Hub88's 10⁻⁵.
  { ledger: 'TRX', code: 'TRX', shift: 3 },
  { ledger: 'XRP', code: 'XRP', shift: 3 },
  { ledger: 'BNB', code: 'BNB', shift: 3 },
  { ledger: 'ADA', code: 'ADA', shift: 3 },
];

export const byLedger = (currency: string) => HUB88_CURRENCIES.find((c) => c.ledger === currency);
export const byCode = (code: string) => HUB88_CURRENCIES.find((c) => c.code === code);

const ten = (n: number) => BigInt(10) ** BigInt(n);

/** Hub88's integer as ledger minor units — or null when it does not map exactly. */
export function toMinor(amount: bigint, currency: Hub88Currency): bigint | null {
  if (currency.shift >= 0) return amount * ten(currency.shift);
  const unit = ten(-currency.shift);
  return amount % unit === BigInt(0) ? amount / unit : null;
}

/** A ledger balance as Hub88's integer, floored: never more than the player has. */
export function toHub88(minor: bigint, currency: Hub88Currency): bigint {
  if (currency.shift < 0) return minor * ten(-currency.shift);
  const unit = ten(currency.shift);
  // Floor toward minus infinity: a negative balance (none is playable) must not round up.
  return minor >= BigInt(0) ? minor / unit : -((-minor + unit - BigInt(1)) / unit);
}
