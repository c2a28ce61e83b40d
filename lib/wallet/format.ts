/**
 * Amounts arrive as decimal strings at the currency's precision ("0.50000000"): formatted here for
 * the page's locale without going through a JS number, so 18-decimal values keep every digit.
 */
export function formatAmount(
  amount: string,
  locale: string,
  { minFraction = 2, maxFraction = 8 }: { minFraction?: number; maxFraction?: number } = {},
): string {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = amount.replace(/^[-+]/, '').split('.');
  const digits = new Intl.NumberFormat(locale, { useGrouping: false });
  const decimal =
    new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ??
    '.';
  let shown = fraction.slice(0, maxFraction).replace(/0+$/, '');
  if (shown.length < minFraction) shown = shown.padEnd(minFraction, '0');
  const wholeText = new Intl.NumberFormat(locale).format(BigInt(whole || '0'));
  const fractionText = [...shown].map((d) => digits.format(Number(d))).join('');
  return `${negative ? '-' : ''}${wholeText}${fractionText ? decimal + fractionText : ''}`;
}

/** A crypto amount in a fiat currency at `rate`, in the locale's currency format. */
export function formatFiat(amount: string, rate: number, fiat: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: fiat }).format(
    Number(amount) * rate,
  );
}

/** Two decimal strings on one integer scale (for exact comparisons and differences). */
function scaled(a: string, b: string): [bigint, bigint, number] {
  const places = Math.max(a.split('.')[1]?.length ?? 0, b.split('.')[1]?.length ?? 0);
  const units = (v: string) => {
    const negative = v.startsWith('-');
    const [whole = '0', fraction = ''] = v.replace(/^[-+]/, '').split('.');
    const n = BigInt((whole || '0') + fraction.padEnd(places, '0'));
    return negative ? -n : n;
  };
  return [units(a), units(b), places];
}

/** -1, 0 or 1 as `a` is below, equal to or above `b` (decimal strings, exact). */
export function compareDecimal(a: string, b: string): number {
  const [x, y] = scaled(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** a − b as a decimal string, exact. */
export function subtractDecimal(a: string, b: string): string {
  const [x, y, places] = scaled(a, b);
  const d = x - y;
  const negative = d < BigInt(0);
  const digits = (negative ? -d : d).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = places ? `.${digits.slice(digits.length - places)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** a + b as a decimal string, exact. */
export function addDecimal(a: string, b: string): string {
  return subtractDecimal(a, b.startsWith('-') ? b.slice(1) : `-${b}`);
}
