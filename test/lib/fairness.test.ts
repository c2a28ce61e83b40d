import { createHash, createHmac } from 'node:crypto';
import {
  bytes,
  decimal,
  diceMultiplier,
  diceRollUnits,
  diceWins,
  floats,
  hmacRound,
  isDiceTarget,
  isLimboTarget,
  isPlinkoRows,
  limboMultiplier,
  limboResult,
  limboWins,
  limboResultUnits,
  payoutOf,
  plinkoBucket,
  plinkoMultiplier,
  plinkoPath,
  rollOf,
  sha256Hex,
} from '@/lib/fairness';
import {
  referenceDice,
  referenceFloats,
  referenceHash,
  referenceLimbo,
  referencePlinko,
} from '../fixtures/fairness/reference';
import {
  gameVectors,
  generatorVector,
  seedVectors,
  sequences,
  tinyFloat,
} from '../fixtures/fairness/vectors';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const directions = (text: string) => [...text].map((c) => (c === '1' || c === 'R' ? 1 : 0));

describe('the byte generator', () => {
  it('hashes and signs as node:crypto does, for any seed and message', () => {
    for (let i = 0; i < 50; i += 1) {
      // Fixed inputs of every length up to 40 bytes, so a failure can be run again.
      const seed = referenceHash(`seed ${i}`);
      const client = Buffer.from(referenceHash(`client ${i}`), 'hex')
        .subarray(0, 1 + (i % 32))
        .toString('base64');
      expect(sha256Hex(seed)).toBe(createHash('sha256').update(seed).digest('hex'));
      expect(hex(hmacRound(seed, client, i * 7919, i % 3))).toBe(
        createHmac('sha256', seed)
          .update(`${client}:${i * 7919}:${i % 3}`)
          .digest('hex'),
      );
    }
  });

  it('keys the HMAC with the seed text and moves to the next round every 32 bytes', () => {
    const { serverSeed, clientSeed, nonce } = generatorVector;
    expect([...bytes(serverSeed, clientSeed, nonce, 40)]).toEqual(generatorVector.bytes);
    expect(floats(serverSeed, clientSeed, nonce, 10)).toEqual(generatorVector.floats);
    for (const v of seedVectors) {
      expect(hex(hmacRound(v.serverSeed, v.clientSeed, v.nonce, 0))).toBe(v.hmacs[0]);
      expect(hex(bytes(v.serverSeed, v.clientSeed, v.nonce, 64))).toBe(v.hmacs.join(''));
      expect(floats(v.serverSeed, v.clientSeed, v.nonce, 1)[0]).toBe(v.float0);
    }
  });

  it('agrees with the independent reference float for float, for many seeds and nonces', () => {
    for (let s = 0; s < 5; s += 1) {
      const serverSeed = referenceHash(`server ${s}`);
      const clientSeed = referenceHash(`client ${s}`).slice(0, 12);
      for (let nonce = 0; nonce < 200; nonce += 1) {
        const ours = floats(serverSeed, clientSeed, nonce, 16);
        expect(ours).toEqual(referenceFloats(serverSeed, clientSeed, nonce, 16));
        expect(rollOf(ours[0]!)).toBe(referenceDice(ours[0]!));
        expect(limboResult(ours[0]!, 100)).toBe(referenceLimbo(ours[0]!));
        for (let rows = 8; rows <= 16; rows += 1) {
          expect(plinkoBucket(plinkoPath(ours, rows))).toBe(referencePlinko(ours, rows));
        }
      }
    }
  });

  it('gives floats in [0, 1), each k / 2³² for the big-endian value k of its four bytes', () => {
    const raw = bytes('ab'.repeat(32), 'x', 0, 256);
    const values = floats('ab'.repeat(32), 'x', 0, 64);
    values.forEach((f, i) => expect(f * 2 ** 32).toBe(Buffer.from(raw).readUInt32BE(4 * i)));
    for (const f of floats('ab'.repeat(32), 'x', 0, 64)) {
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
      expect(Number.isInteger(f * 2 ** 32)).toBe(true);
    }
  });
  it('refuses a nonce or round that is not a count from 0', () => {
    expect(() => hmacRound('ab', 'x', -1, 0)).toThrow(RangeError);
    expect(() => hmacRound('ab', 'x', 1.5, 0)).toThrow(RangeError);
    expect(() => hmacRound('ab', 'x', 1e21, 0)).toThrow(RangeError);
    expect(() => floats('ab', 'x', Number.NaN, 1)).toThrow(RangeError);
  });
});

describe('published results', () => {
  it('Dice, Limbo and Plinko of the three calculation-page seeds', () => {
    for (const v of seedVectors) {
      const f = floats(v.serverSeed, v.clientSeed, v.nonce, 16);
      expect(rollOf(f[0]!)).toBe(v.dice);
      expect(limboResult(f[0]!, 100)).toBe(v.limbo);
      expect(plinkoPath(f, 16)).toEqual(directions(v.directions));
      expect([8, 9, 10, 11, 12, 13, 14, 15, 16].map((r) => plinkoBucket(plinkoPath(f, r)))).toEqual(
        v.buckets,
      );
    }
  });

  it('the game tests of a second verifier, payouts included', () => {
    const { serverSeed, clientSeed } = gameVectors;
    const at = (nonce: number) => floats(serverSeed, clientSeed, nonce, 16);
    for (const [n, roll] of Object.entries(gameVectors.dice)) expect(rollOf(at(+n)[0]!)).toBe(roll);
    for (const [n, result] of Object.entries(gameVectors.limbo)) {
      expect(limboResult(at(+n)[0]!, 100)).toBe(result);
    }
    for (const [n, path] of Object.entries(gameVectors.directions)) {
      expect(plinkoPath(at(+n), 16)).toEqual(directions(path));
      expect(plinkoBucket(plinkoPath(at(+n), 8))).toBe(gameVectors.buckets8[+n]);
      expect(plinkoBucket(plinkoPath(at(+n), 9))).toBe(gameVectors.buckets9[+n]);
    }
    for (const [rows, risk, payout] of gameVectors.payouts) {
      const bucket = plinkoBucket(plinkoPath(at(1), rows));
      expect(plinkoMultiplier(rows, risk, bucket)).toEqual(decimal(payout));
    }
  });

  it('a verifier’s sequences, each seed matching its published hash', () => {
    for (const { serverSeed, hash } of Object.values(sequences)) {
      expect(sha256Hex(serverSeed).startsWith(hash[0]!)).toBe(true);
      expect(sha256Hex(serverSeed).endsWith(hash[1]!)).toBe(true);
      expect(sha256Hex(serverSeed)).toBe(referenceHash(serverSeed));
    }
    const { dice, limbo, plinko } = sequences;
    dice.results.forEach((roll, i) => {
      expect(rollOf(floats(dice.serverSeed, dice.clientSeed, dice.from + i, 1)[0]!)).toBe(roll);
    });
    const limboAt = (n: number) =>
      limboResult(floats(limbo.serverSeed, limbo.clientSeed, n, 1)[0]!, 100);
    limbo.results.forEach((result, i) => expect(limboAt(limbo.from + i)).toBe(result));
    for (const [n, result] of Object.entries(limbo.more)) expect(limboAt(+n)).toBe(result);
    plinko.results.forEach((path, i) => {
      const f = floats(plinko.serverSeed, plinko.clientSeed, plinko.from + i, 16);
      expect(plinkoPath(f, 16)).toEqual(directions(path));
    });
  });

  it('a float below 10⁻⁶ follows the published code order', () => {
    const { serverSeed, clientSeed, nonce, float0 } = tinyFloat;
    const [f] = floats(serverSeed, clientSeed, nonce, 1);
    expect(f).toBe(float0);
    expect(limboResult(f!, 100)).toBe(tinyFloat.limbo);
    expect(limboResult(f!, 100)).toBe(referenceLimbo(f!));
    expect(limboResult(f!, 100)).not.toBe(tinyFloat.stakePage);
  });
});

describe('Dice', () => {
  it('rolls 0.00 at the lowest float and 100.00 at the highest', () => {
    expect(rollOf(0)).toBe(0);
    expect(rollOf(1 - 2 ** -32)).toBe(100);
    expect(diceRollUnits(0.5)).toBe(5000);
  });

  it('over X wins above X and under X below it; the target itself loses both ways', () => {
    expect(diceWins(5001, 5000, 'over')).toBe(true);
    expect(diceWins(5000, 5000, 'over')).toBe(false);
    expect(diceWins(4999, 5000, 'under')).toBe(true);
    expect(diceWins(5000, 5000, 'under')).toBe(false);
  });

  it('takes chances from 0.01 % to 98 % on either side, in hundredths', () => {
    expect(isDiceTarget(9999, 'over')).toBe(true); // 0.01 %
    expect(isDiceTarget(10_000, 'over')).toBe(false); // 0 %
    expect(isDiceTarget(200, 'over')).toBe(true); // 98 %
    expect(isDiceTarget(199, 'over')).toBe(false); // 98.01 %
    expect(isDiceTarget(1, 'under')).toBe(true);
    expect(isDiceTarget(0, 'under')).toBe(false);
    expect(isDiceTarget(9800, 'under')).toBe(true);
    expect(isDiceTarget(9801, 'under')).toBe(false);
    expect(isDiceTarget(50.5, 'under')).toBe(false);
  });

  it('pays (100 − edge %) / chance %: 2× less the edge at 49.5 %, 99× at 1 %', () => {
    expect(diceMultiplier(5050, 'over', 100)).toEqual({ num: BigInt(9900), den: BigInt(4950) });
    expect(payoutOf(BigInt(1_000_000), diceMultiplier(5050, 'over', 100))).toBe(BigInt(2_000_000));
    expect(payoutOf(BigInt(1_000_000), diceMultiplier(100, 'under', 100))).toBe(BigInt(99_000_000));
    // 99 / 98 = 1.0102…: rounded down to the unit, never up.
    expect(payoutOf(BigInt(100), diceMultiplier(200, 'over', 100))).toBe(BigInt(101));
  });
});

describe('Limbo', () => {
  it('is at least 1×, and a float of zero wins every target', () => {
    expect(limboResult(0.999, 100)).toBe(1);
    expect(limboResultUnits(0, 100)).toBe(425_201_762_304);
    expect(limboWins(limboResultUnits(0, 100), 100_000_000)).toBe(true);
  });

  it('wins iff the result reaches the target, and pays the target', () => {
    expect(limboWins(200, 200)).toBe(true);
    expect(limboWins(199, 200)).toBe(false);
    expect(payoutOf(BigInt(1_000_001), limboMultiplier(250))).toBe(BigInt(2_500_002));
    expect(payoutOf(BigInt(3), limboMultiplier(101))).toBe(BigInt(3)); // 3.03 rounds down
  });

  it('takes targets from 1.01× to 1,000,000× in hundredths', () => {
    expect(isLimboTarget(101)).toBe(true);
    expect(isLimboTarget(100)).toBe(false);
    expect(isLimboTarget(100_000_000)).toBe(true);
    expect(isLimboTarget(100_000_001)).toBe(false);
    expect(isLimboTarget(150.5)).toBe(false);
  });

  it('changes with the edge: 2 % less at a 2 % edge', () => {
    const f = 0.25;
    expect(limboResult(f, 100)).toBe(3.96);
    expect(limboResult(f, 200)).toBe(3.92);
  });
});

describe('Plinko', () => {
  it('rows 8 to 16, and a path needs a float per row', () => {
    expect(isPlinkoRows(8)).toBe(true);
    expect(isPlinkoRows(16)).toBe(true);
    expect(isPlinkoRows(7)).toBe(false);
    expect(isPlinkoRows(17)).toBe(false);
    expect(() => plinkoPath([0.1, 0.9], 8)).toThrow(RangeError);
  });

  it('pays the table exactly: 1000× at the edge of 16 high, 0.2× at its middle', () => {
    expect(payoutOf(BigInt(7), plinkoMultiplier(16, 'high', 16))).toBe(BigInt(7000));
    expect(payoutOf(BigInt(7), plinkoMultiplier(16, 'high', 8))).toBe(BigInt(1));
    expect(() => plinkoMultiplier(8, 'low', 9)).toThrow(RangeError);
  });
});

describe('exact fractions', () => {
  it('reads plain decimals only', () => {
    expect(decimal('5.6')).toEqual({ num: BigInt(56), den: BigInt(10) });
    expect(decimal('1000')).toEqual({ num: BigInt(1000), den: BigInt(1) });
    expect(() => decimal('1e3')).toThrow(RangeError);
    expect(() => decimal('-1')).toThrow(RangeError);
  });
});
