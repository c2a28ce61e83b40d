import {
  advertisedRtp,
  decimal,
  decimalText,
  edgeOf,
  fractionText,
  maxMultiplier,
  minesMultiplier,
  parseFraction,
  play,
  PLINKO_RISKS,
  plinkoRtp,
  PLINKO_TABLES,
  settle,
  type OriginalBet,
} from '@/lib/fairness';
import {
  referenceDice,
  referenceFloats,
  referenceLimbo,
  referenceMines,
  referencePlinko,
} from '../fixtures/fairness/reference';

const SEED = '9c8a1b3f2e7d4c6b5a49382716f0e1d2c3b4a5968778695a4b3c2d1e0f9a8b7c';

describe('one bet, end to end', () => {
  it('settles each game as the independent reference does, nonce after nonce', () => {
    const bets: OriginalBet[] = [
      { game: 'dice', targetUnits: 5050, side: 'over' },
      { game: 'dice', targetUnits: 120, side: 'under' },
      { game: 'limbo', targetUnits: 200 },
      { game: 'plinko', rows: 16, risk: 'high' },
      { game: 'plinko', rows: 8, risk: 'low' },
      { game: 'mines', mines: 3, picks: [0, 7, 12, 24] },
      { game: 'mines', mines: 24, picks: [5] },
      { game: 'mines', mines: 1, picks: [] },
    ];
    for (let nonce = 0; nonce < 50; nonce += 1) {
      const draw = referenceFloats(SEED, 'client', nonce, 24);
      for (const bet of bets) {
        const outcome = play(bet, SEED, 'client', nonce, 100);
        if (bet.game === 'dice') {
          const roll = referenceDice(draw[0]!);
          expect(outcome.result).toEqual({ game: 'dice', roll });
          const wins =
            bet.side === 'over' ? roll * 100 > bet.targetUnits : roll * 100 < bet.targetUnits;
          expect(outcome.win).toBe(wins);
        } else if (bet.game === 'limbo') {
          const result = referenceLimbo(draw[0]!);
          expect(outcome.result).toEqual({ game: 'limbo', result });
          expect(outcome.win).toBe(result >= 2);
        } else if (bet.game === 'mines') {
          // Picks are walked until the first mine; the ones after it never happened.
          const mines = referenceMines(draw, bet.mines);
          const hit = bet.picks.findIndex((tile) => mines.includes(tile));
          const picks = hit < 0 ? bet.picks : bet.picks.slice(0, hit + 1);
          expect(outcome.result).toEqual({
            game: 'mines',
            mines,
            picks,
            bust: hit < 0 ? null : bet.picks[hit],
          });
          expect(outcome.win).toBe(hit < 0 && bet.picks.length > 0);
          expect(outcome.multiplier).toEqual(
            outcome.win
              ? minesMultiplier(bet.mines, bet.picks.length, 100)
              : { num: BigInt(0), den: BigInt(1) },
          );
        } else {
          const bucket = referencePlinko(draw, bet.rows);
          expect(outcome.result).toMatchObject({ game: 'plinko', bucket });
          expect(fractionText(outcome.multiplier)).toBe(
            fractionText(decimal(PLINKO_TABLES[bet.rows]![bet.risk][bucket]!)),
          );
        }
        // A loss pays nothing; a win pays the bet's multiplier (Plinko: its bucket's).
        if (bet.game === 'dice' || bet.game === 'limbo') {
          expect(outcome.multiplier).toEqual(
            outcome.win ? maxMultiplier(bet, 100) : { num: BigInt(0), den: BigInt(1) },
          );
        }
      }
    }
  });

  it("checks the maximum win against each Plinko table's largest multiplier", () => {
    for (const rows of Object.keys(PLINKO_TABLES).map(Number)) {
      for (const risk of PLINKO_RISKS) {
        const table = PLINKO_TABLES[rows]![risk].map((m) => Number(m));
        const max = maxMultiplier({ game: 'plinko', rows, risk }, 0);
        expect(Number(max.num) / Number(max.den)).toBe(Math.max(...table));
      }
    }
  });

  it("gives Plinko its table's edge and the others the configured one", () => {
    expect(edgeOf({ game: 'dice', targetUnits: 5000, side: 'over' }, 100)).toBe(100);
    expect(edgeOf({ game: 'limbo', targetUnits: 200 }, 250)).toBe(250);
    // 16 rows, low: RTP 98.9987…% → 1.0012…% → 101 basis points (rounded up, never flattering).
    expect(edgeOf({ game: 'plinko', rows: 16, risk: 'low' }, 100)).toBe(101);
    // 8 rows, high: (2×29 + 16×4 + 56×1.5 + 112×0.3 + 70×0.2) / 256 = 99.0625 % → 93.75 → 94.
    expect(edgeOf({ game: 'plinko', rows: 8, risk: 'high' }, 0)).toBe(94);
  });

  it("advertises (1 − edge) for Dice and Limbo, and Plinko's lowest table", () => {
    expect(advertisedRtp('dice', 100)).toEqual({ num: BigInt(9900), den: BigInt(10_000) });
    expect(advertisedRtp('limbo', 250)).toEqual({ num: BigInt(9750), den: BigInt(10_000) });
    const plinko = advertisedRtp('plinko', 100);
    // The lowest table, never one above it: no table's RTP sits under the advertised figure.
    const value = Number(plinko.num) / Number(plinko.den);
    expect(value).toBeGreaterThan(0.98906);
    expect(value).toBeLessThan(0.98907);
    for (const rows of Object.keys(PLINKO_TABLES).map(Number)) {
      for (const risk of PLINKO_RISKS) {
        const r = plinkoRtp(rows, risk);
        expect(r.num * plinko.den >= plinko.num * r.den).toBe(true);
      }
    }
  });

  it('writes fractions and decimals without a double', () => {
    expect(parseFraction(fractionText({ num: BigInt(9900), den: BigInt(4950) }))).toEqual({
      num: BigInt(9900),
      den: BigInt(4950),
    });
    expect(() => parseFraction('1/0')).toThrow(RangeError);
    expect(() => parseFraction('1.5')).toThrow(RangeError);
    expect(decimalText({ num: BigInt(9900), den: BigInt(4900) })).toBe('2.0204');
    expect(decimalText({ num: BigInt(2), den: BigInt(1) })).toBe('2');
    expect(decimalText({ num: BigInt(1), den: BigInt(3) }, 2)).toBe('0.33');
    expect(decimalText({ num: BigInt(0), den: BigInt(1) })).toBe('0');
    expect(settle({ game: 'limbo', targetUnits: 101 }, [0], 100).win).toBe(true);
  });
});
