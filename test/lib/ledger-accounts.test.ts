import { createHash } from 'node:crypto';
import {
  accountKey,
  byCodePoint,
  houseSlot,
  playerKey,
  resolve,
} from '@/lib/server/wallet/ledger-accounts';

/*
 * How a posting's accounts are named and ordered (ledger-accounts.ts): the names are the rows two
 * postings meet on, the order the one every posting locks them in.
 */
describe('houseSlot', () => {
  const ids = Array.from(
    { length: 200 },
    (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  );

  it("is the first four bytes of the player id's SHA-256, modulo the slots", () => {
    for (const id of ids.slice(0, 20)) {
      const expected = createHash('sha256').update(id).digest().readUInt32BE(0) % 16;
      expect(houseSlot(id, 16)).toBe(expected);
    }
  });

  it('spreads players over every slot, and never past the last', () => {
    const seen = new Set(ids.map((id) => houseSlot(id, 8)));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(houseSlot(ids[0], 2)).toBeLessThan(2);
  });

  it('is slot 0 for a posting with no player, and with one slot', () => {
    expect(houseSlot(undefined, 16)).toBe(0);
    expect(houseSlot('', 16)).toBe(0);
    // A player whose slot of 16 is not 0 still gets slot 0 of one.
    const player = ids.find((id) => houseSlot(id, 16) !== 0)!;
    expect(houseSlot(player, 1)).toBe(0);
    expect(houseSlot(player, 0)).toBe(0);
  });

  it('uses HOUSE_SLOTS (16 unless configured) by default', () => {
    for (const id of ids.slice(0, 20)) expect(houseSlot(id)).toBe(houseSlot(id, 16));
  });
});

describe('resolve', () => {
  it("names slot 0 of a house account as the house account, other slots after a '/'", () => {
    expect(resolve({ house: 'casino', currency: 'USDT' })).toEqual({
      owner: 'house:casino',
      userId: null,
      house: 'casino',
      currency: 'USDT',
      kind: 'available',
    });
    expect(resolve({ house: 'originals', currency: 'BTC' }, 5)).toEqual({
      owner: 'house:originals/5',
      userId: null,
      house: 'originals',
      currency: 'BTC',
      kind: 'available',
    });
  });

  it("names a player's account by the player, its kind 'available' unless given", () => {
    expect(resolve({ userId: 'u1', currency: 'ETH' }, 3)).toEqual({
      owner: 'player:u1',
      userId: 'u1',
      house: null,
      currency: 'ETH',
      kind: 'available',
    });
    expect(resolve({ userId: 'u1', currency: 'ETH', kind: 'stake' })).toMatchObject({
      owner: 'player:u1',
      kind: 'stake',
    });
  });
});

describe('account keys', () => {
  it('join owner, currency and kind', () => {
    expect(accountKey({ owner: 'house:casino/2', currency: 'USDT', kind: 'available' })).toBe(
      'house:casino/2|USDT|available',
    );
    expect(playerKey('u1', 'BTC')).toBe('player:u1|BTC|available');
    expect(playerKey('u1', 'BTC', 'bonus')).toBe('player:u1|BTC|bonus');
    expect(playerKey('u1', 'BTC', 'stake')).toBe(
      accountKey(resolve({ userId: 'u1', currency: 'BTC', kind: 'stake' })),
    );
  });
});

describe('byCodePoint', () => {
  it('orders by code point, not by locale', () => {
    // ICU collation would put 'a' before 'B' and 'é' next to 'e'.
    expect(['b', 'a', 'B', 'é', 'e', 'A'].sort(byCodePoint)).toEqual([
      'A',
      'B',
      'a',
      'b',
      'e',
      'é',
    ]);
    expect(byCodePoint('a', 'b')).toBe(-1);
    expect(byCodePoint('b', 'a')).toBe(1);
    expect(byCodePoint('a', 'a')).toBe(0);
  });
});
