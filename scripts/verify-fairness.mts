/**
 * `npm run verify:fairness`: Limbo's win boundary checked by brute force over every float the
 * generator can give (k / 2³², all 2³² of them) for two targets, against the binary search the
 * tests and docs/fairness.md use (`limboWinningFloats`). Outside `npm test`: it takes minutes. Exits 1 on a mismatch.
 */
import { limboResultUnits, limboWinningFloats, limboWins } from '@/lib/fairness/limbo';

const LATTICE = 2 ** 32;
const EDGE_BP = 100;
const TARGETS = [200, 100_000_000]; // 2× and 1,000,000×, in hundredths

const started = performance.now();
const wins = TARGETS.map(() => 0);
const lastWin = TARGETS.map(() => -1);
for (let k = 0; k < LATTICE; k += 1) {
  const result = limboResultUnits(k / LATTICE, EDGE_BP);
  for (let t = 0; t < TARGETS.length; t += 1) {
    if (limboWins(result, TARGETS[t]!)) {
      wins[t]! += 1;
      lastWin[t] = k;
    }
  }
  if (k % 2 ** 28 === 0 && k > 0) {
    console.log(`${((k / LATTICE) * 100).toFixed(0)} % of the floats`);
  }
}

let failed = false;
TARGETS.forEach((target, t) => {
  const k = limboWinningFloats(target, EDGE_BP);
  // Every winning float lies below the boundary, and every float below it wins.
  const ok = wins[t] === k && lastWin[t] === k - 1;
  failed ||= !ok;
  const rtp = ((wins[t]! / LATTICE) * target) / 100;
  console.log(
    `${ok ? '✓' : '✗'} ${target / 100}×: ${wins[t]} winning floats (binary search: ${k}), RTP ${(rtp * 100).toFixed(6)} %`,
  );
});
console.log(`${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(failed ? 1 : 0);
