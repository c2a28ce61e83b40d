import 'server-only';
import type { HouseAccount } from '@/lib/server/db/schema';
import type { Line } from './ledger';

type PlayerAccount = { userId: string; currency: string };
type HouseLine = { house: HouseAccount; currency: string };

/**
 * The lines of a correction between a house account and a player, decided under the player's
 * lock: a payment comes from the house (the ledger repays what the player owes first); a
 * take-back comes out of the available balance and, past it, becomes what the player owes (the
 * receivable), since a correction is never refused for want of funds.
 */
export function correctionLines(
  player: PlayerAccount,
  house: HouseLine,
  amount: bigint,
  available: bigint,
): Line[] {
  const zero = BigInt(0);
  const me = { userId: player.userId, currency: player.currency };
  const owed = { ...me, kind: 'receivable' as const };
  if (amount === zero) return [];
  if (amount > zero) {
    return [
      { account: house, amount: -amount },
      { account: me, amount },
    ];
  }
  const wanted = -amount;
  const taken = available < wanted ? (available > zero ? available : zero) : wanted;
  return [
    ...(taken > zero ? [{ account: me, amount: -taken }] : []),
    ...(wanted > taken ? [{ account: owed, amount: -(wanted - taken) }] : []),
    { account: house, amount: wanted },
  ];
}

/** The accounts a correction may touch, at zero: the posting locks them before its lines are decided. */
export function correctionAccounts(player: PlayerAccount, house: HouseLine): Line[] {
  const me = { userId: player.userId, currency: player.currency };
  return [
    { account: me, amount: BigInt(0) },
    { account: { ...me, kind: 'receivable' as const }, amount: BigInt(0) },
    { account: house, amount: BigInt(0) },
  ];
}
