/*
 * The bet form's arithmetic on decimal strings (never through a JS number, so an 18-decimal
 * stake keeps every digit): halving and doubling the stake, and what a win would pay.
 */

function units(value: string, decimals: number): bigint | null {
  const match = /^(\d{1,30})(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return null;
  const fraction = (match[2] ?? '').slice(0, decimals).padEnd(decimals, '0');
  return BigInt(match[1]! + fraction);
}

function text(amount: bigint, decimals: number): string {
  const digits = amount.toString().padStart(decimals + 1, '0');
  if (!decimals) return digits;
  const fraction = digits.slice(-decimals).replace(/0+$/, '');
  const whole = digits.slice(0, -decimals);
  return fraction ? `${whole}.${fraction}` : whole;
}

/** Whether the text is a stake the form can send: a plain decimal within the currency's places. */
export function isStake(value: string, decimals: number): boolean {
  const match = /^(\d{1,30})(?:\.(\d+))?$/.exec(value.trim());
  return match !== null && (match[2]?.length ?? 0) <= decimals;
}

/** Half the stake, rounded down to the currency's smallest unit. */
export function halve(value: string, decimals: number): string {
  const amount = units(value, decimals);
  return amount === null ? value : text(amount / BigInt(2), decimals);
}

/** Twice the stake, at most `max` (the balance) when given. */
export function double(value: string, decimals: number, max?: string): string {
  const amount = units(value, decimals);
  if (amount === null) return value;
  const cap = max === undefined ? null : units(max, decimals);
  const doubled = amount * BigInt(2);
  return text(cap !== null && doubled > cap ? cap : doubled, decimals);
}

/** What a stake returns at a multiplier given as a decimal ("2.0204"), rounded down. */
export function payoutAt(value: string, multiplier: string, decimals: number): string {
  const amount = units(value, decimals);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(multiplier);
  if (amount === null || !match) return '0';
  const places = match[2]?.length ?? 0;
  const scaled = BigInt(match[1]! + (match[2] ?? ''));
  return text((amount * scaled) / BigInt(10) ** BigInt(places), decimals);
}
