import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { sha256Hex } from './bytes';

/**
 * Crash, the one original every player plays together. Its rounds are not drawn from a player's
 * seeds but from one hash chain the house commits to before any round is played:
 * - h₀ is 32 random bytes (as hex); h_{i+1} = SHA-256 of hᵢ's hex text; h_N is published;
 * - game n (1…N) uses h_{N−n}: hashing a revealed game hash n times gives h_N, so every revealed
 *   hash proves the games before it, and none of the later ones can be worked out from it;
 * - the crash point: int = the first 4 bytes (big-endian) of HMAC-SHA256(key = the game hash's hex
 *   text, message = the salt), crash = max(1, floor((2³² / (int + 1)) × (1 − edge) × 100) / 100),
 *   evaluated in that order, as the commitment states it.
 * Pure and synchronous: the engine, the verifier page and any player's script agree.
 */

/** Growth per millisecond: the multiplier at t ms after the start is e^(0.00006·t). */
export const CRASH_GROWTH_PER_MS = 0.00006;
/** The formula as the commitment states it (and the verifier shows). */
export const CRASH_FORMULA =
  'crash = max(1, floor((2^32 / (int + 1)) * (1 - edge) * 100) / 100), int = first 4 bytes of HMAC-SHA256(key = game hash hex, message = salt)';

const utf8 = new TextEncoder();
const LATTICE = 2 ** 32;

/** The next hash of the chain: SHA-256 of this hash's hex text. */
export const nextChainHash = (hashHex: string): string => sha256Hex(hashHex);

/** `hashHex` hashed `times` times. */
export function hashForward(hashHex: string, times: number): string {
  let hash = hashHex;
  for (let i = 0; i < times; i += 1) hash = nextChainHash(hash);
  return hash;
}

/** The index in the chain (0…N) of game n's hash: games use the chain from its end. */
export function chainIndexOfGame(game: number, length: number): number {
  if (!Number.isSafeInteger(game) || game < 1 || game > length) {
    throw new RangeError(`game ${game} is not in a chain of ${length}`);
  }
  return length - game;
}

/**
 * Whether a revealed hash is game n's of the chain that ends at `terminating`: hashing it n times
 * must give the published end. (It proves games 1…n−1 too: they are on the way.)
 */
export function isGameHash(hashHex: string, game: number, terminating: string): boolean {
  return /^[0-9a-f]{64}$/.test(hashHex) && hashForward(hashHex, game) === terminating;
}

/** The 32-bit integer a game hash and the salt give: the HMAC's first 4 bytes, big-endian. */
export function crashInt(gameHashHex: string, salt: string): number {
  const mac = hmac(sha256, utf8.encode(gameHashHex), utf8.encode(salt));
  return ((mac[0]! << 24) | (mac[1]! << 16) | (mac[2]! << 8) | mac[3]!) >>> 0;
}

/**
 * The crash point in hundredths (100 = 1.00×) for an integer and an edge in basis points: the
 * published max(1, floor(x × 100) / 100) with x = (2³² / (int + 1)) × (1 − edge), before its last
 * division, so that no two doubles are ever compared.
 */
export function crashUnitsOfInt(int: number, edgeBp: number): number {
  const edge = edgeBp / 10_000;
  return Math.max(100, Math.floor((2 ** 32 / (int + 1)) * (1 - edge) * 100));
}

/** A game's crash point in hundredths. */
export function crashPointUnits(gameHashHex: string, salt: string, edgeBp: number): number {
  return crashUnitsOfInt(crashInt(gameHashHex, salt), edgeBp);
}

/** The multiplier t ms after the start, in hundredths, cut (a cash-out at t pays this). */
export function crashUnitsAt(elapsedMs: number): number {
  if (!(elapsedMs > 0)) return 100;
  return Math.max(100, Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * elapsedMs)));
}

/** When the curve reaches a crash point, in ms after the start: ln(crash) / 0.00006. */
export function bustAfterMs(crashUnits: number): number {
  return Math.log(crashUnits / 100) / CRASH_GROWTH_PER_MS;
}

/**
 * How many of the 2³² integers crash at or above `targetUnits`: the crash point falls as the
 * integer grows, so they are 0…k−1 for a boundary k found by a binary search.
 */
export function crashSurvivors(targetUnits: number, edgeBp: number): number {
  if (crashUnitsOfInt(0, edgeBp) < targetUnits) return 0;
  let low = 0; // survives
  let high = LATTICE; // past the lattice
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (crashUnitsOfInt(mid, edgeBp) >= targetUnits) low = mid;
    else high = mid;
  }
  return high;
}

/**
 * The exact return of an auto cash-out at `targetUnits`: it pays the target iff the crash point
 * reaches it, so RTP = target × survivors / 2³², as a fraction (numerator over 100 × 2³²).
 */
export function crashAutoRtp(targetUnits: number, edgeBp: number): { num: bigint; den: bigint } {
  return {
    num: BigInt(targetUnits) * BigInt(crashSurvivors(targetUnits, edgeBp)),
    den: BigInt(100) * BigInt(LATTICE),
  };
}

/** Whether an auto cash-out target (in hundredths) is one a player may set: 1.01× and up. */
export const CRASH_TARGET_MIN = 101;
export const CRASH_TARGET_MAX = 100_000_000;
export function isCrashTarget(units: number): boolean {
  return Number.isInteger(units) && units >= CRASH_TARGET_MIN && units <= CRASH_TARGET_MAX;
}
