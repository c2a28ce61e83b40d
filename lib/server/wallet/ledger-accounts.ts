import 'server-only';
import { createHash } from 'node:crypto';
import { config } from '@/lib/config';
import type { BalanceKind, HouseAccount } from '@/lib/server/db/schema';
import type { AccountRef } from './ledger';

/** An account as stored: its owner (a player, or a house account's slot), currency and kind. */
export type Resolved = {
  owner: string;
  userId: string | null;
  house: HouseAccount | null;
  currency: string;
  kind: BalanceKind;
};

/**
 * The slot of a house account a player's postings use: fixed per player, so one player's postings
 * meet on one row and different players' mostly on different rows (a house account is never
 * locked for a whole posting: review B8). Slot 0 is the plain `house:<name>` row, so one slot is
 * the ledger as it was.
 */
export function houseSlot(userId: string | undefined, slots = config.HOUSE_SLOTS): number {
  if (!userId || slots <= 1) return 0;
  return createHash('sha256').update(userId).digest().readUInt32BE(0) % slots;
}

export function resolve(ref: AccountRef, slot = 0): Resolved {
  if ('house' in ref) {
    return {
      owner: slot === 0 ? `house:${ref.house}` : `house:${ref.house}/${slot}`,
      userId: null,
      house: ref.house,
      currency: ref.currency,
      kind: 'available',
    };
  }
  return {
    owner: `player:${ref.userId}`,
    userId: ref.userId,
    house: null,
    currency: ref.currency,
    kind: ref.kind ?? 'available',
  };
}

export const accountKey = (a: { owner: string; currency: string; kind: string }) =>
  `${a.owner}|${a.currency}|${a.kind}`;

/** A player account's key, as the balances under the lock are looked up by. */
export const playerKey = (userId: string, currency: string, kind: BalanceKind = 'available') =>
  accountKey({ owner: `player:${userId}`, currency, kind });

/**
 * Code-point order, the same on every server: `localeCompare` follows the ICU collation, which two
 * servers with different ICU data could disagree on (and then insert new accounts in opposite
 * orders).
 */
export const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
