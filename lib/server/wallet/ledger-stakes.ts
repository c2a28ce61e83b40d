import type { BalanceKind, HouseAccount, LedgerType } from '@/lib/server/db/schema';
import type { Line } from './ledger';

/** House accounts a product's bets go to: a debit of the player's money credited here is a stake. */
const productHouses: ReadonlySet<HouseAccount> = new Set([
  'game',
  'casino',
  'originals',
  'sportsbook',
]);

/** Player money that can be staked: real (available, withdraw-only) and bonus. */
const stakeable: ReadonlySet<BalanceKind> = new Set(['available', 'withdraw_only', 'bonus']);

/** Player money a return may land on (a receivable is repaid by it). */
const spendable: ReadonlySet<BalanceKind> = new Set([
  'available',
  'withdraw_only',
  'bonus',
  'receivable',
]);

const kindOf = (line: Line): BalanceKind | null =>
  'userId' in line.account ? (line.account.kind ?? 'available') : null;

/**
 * A stake: money taken from what a player can stake and given to a product's house account or to
 * the player's own `stake` balance. Moving a bet's stake balance to the house at settlement is
 * not a new stake (the `stake` kind is not stakeable).
 */
export function isStake(lines: readonly Line[]): boolean {
  const debitsStakeable = lines.some((l) => l.amount < BigInt(0) && stakeable.has(kindOf(l)!));
  if (!debitsStakeable) return false;
  return lines.some(
    (l) =>
      l.amount > BigInt(0) &&
      ('house' in l.account ? productHouses.has(l.account.house) : kindOf(l) === 'stake'),
  );
}

/** The players a posting's lines move money of. */
export const playersOf = (lines: readonly Line[]): string[] => [
  ...new Set(lines.flatMap((l) => ('userId' in l.account ? [l.account.userId] : []))),
];

/** One currency's movements for the usage counters, in minor units. */
export type UsageDelta = {
  wager: bigint;
  bonusWager: bigint;
  win: bigint;
  deposit: bigint;
  returned: bigint;
};

const zero = (): UsageDelta => ({
  wager: BigInt(0),
  bonusWager: BigInt(0),
  win: BigInt(0),
  deposit: BigInt(0),
  returned: BigInt(0),
});

/**
 * What a posting adds to its player's usage, per currency: a bet's stakes (real and bonus apart)
 * and any return inside it; a win's returns — negative when a resettlement takes one back; a
 * deposit's credits; a reversal's stakes given back (or a return taken back: a negative win). Stakes and returns are separate lines, as
 * every product posts them (docs/ledger.md).
 */
export function usageOf(
  type: LedgerType,
  userId: string,
  lines: readonly Line[],
): Map<string, UsageDelta> {
  const out = new Map<string, UsageDelta>();
  const stake = type === 'bet' && isStake(lines);
  for (const line of lines) {
    if (!('userId' in line.account) || line.account.userId !== userId) continue;
    const kind = kindOf(line)!;
    const currency = line.account.currency;
    const delta = out.get(currency) ?? zero();
    const debit = line.amount < BigInt(0);
    if (stake && debit && stakeable.has(kind)) {
      if (kind === 'bonus') delta.bonusWager -= line.amount;
      else delta.wager -= line.amount;
    } else if (type === 'bet' && !debit && spendable.has(kind)) {
      delta.win += line.amount;
    } else if (type === 'win' && spendable.has(kind)) {
      delta.win += line.amount;
    } else if (type === 'deposit' && !debit) {
      delta.deposit += line.amount;
    } else if (type === 'reversal' && spendable.has(kind)) {
      // Giving a stake back lowers the wager; taking a return back is a negative win.
      if (debit) delta.win += line.amount;
      else delta.returned += line.amount;
    } else {
      continue;
    }
    out.set(currency, delta);
  }
  return out;
}
