import { constants, crc32, createDeflateRaw } from 'node:zlib';

/**
 * A kept page compressed once, with a hole at every copy of its nonce, so each copy sent with a
 * new nonce costs a memory copy and a checksum instead of a compression (issue 32: a hit was
 * ~1.5 ms of gzip, the most a flood of visitors could make the server spend per request).
 *
 * How: one raw deflate stream over the page, in which every nonce is written as a stored block at
 * compression level 0, filled with a placeholder byte no page contains. Stored bytes appear
 * verbatim in the stream, and since no page byte equals the placeholder, nothing compressed after
 * it refers back into a hole: a new nonce written over each hole gives a valid stream for the new
 * page. The gzip header is fixed; its trailer (CRC-32 and length) is computed for each copy.
 */
export type GzipTemplate = {
  deflated: Buffer;
  holes: number[];
  holeLength: number;
  /** The deflated stream between the holes (views of `deflated`, no copies). */
  segments: Buffer[];
  /** The CRC-32 of each part, and the factor that moves a CRC past it (see `crcAfter`). */
  partCrcs: number[];
  partShifts: number[];
  /** The factor that moves a CRC past a nonce, and the page's length whatever the nonce. */
  holeShift: number;
  size: number;
};

/**
 * CRC-32 of a page from its parts' CRCs, so a copy costs a checksum of its nonce and not of the
 * page (a hit read the whole page for its trailer: ~2 % of the server under a flood). CRC-32 is
 * linear over GF(2): the CRC of A followed by B is the CRC of A multiplied by x^(8·|B|) modulo the
 * polynomial, plus the CRC of B. Polynomials are kept bit-reflected, as zlib keeps them (x^0 is
 * the top bit).
 */
const POLYNOMIAL = 0xedb88320;
const ONE = 0x80000000;

/** a·b modulo the CRC-32 polynomial. */
function multiply(a: number, b: number): number {
  let product = 0;
  let factor = b;
  for (let bit = ONE; bit !== 0; bit >>>= 1) {
    if ((a & bit) !== 0) product ^= factor;
    factor = factor & 1 ? (factor >>> 1) ^ POLYNOMIAL : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) for k = 0…63, each the square of the one before; x itself is the second-highest bit. */
const POWERS: number[] = [ONE >>> 1];
while (POWERS.length < 64) POWERS.push(multiply(POWERS.at(-1)!, POWERS.at(-1)!));

/** x^(8·bytes): what a CRC is multiplied by to move it past `bytes` bytes. */
export function crcShift(bytes: number): number {
  let shift = ONE;
  // 8·bytes = bytes·2^3: the powers from the fourth on, one for each bit of `bytes`.
  for (let k = 3, rest = bytes; rest > 0; k += 1, rest = Math.floor(rest / 2)) {
    if (rest % 2 === 1) shift = multiply(POWERS[k]!, shift);
  }
  return shift;
}

/** The CRC-32 of data whose start has CRC `before`, followed by bytes with CRC `crc` (`shift` theirs). */
export function crcAfter(before: number, crc: number, shift: number): number {
  return (multiply(shift, before) ^ crc) >>> 0;
}

const PLACEHOLDER = 0x01;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The template of `parts` joined by nonces of `holeLength` bytes; null when it cannot be made. */
export async function gzipTemplate(
  parts: Buffer[],
  holeLength: number,
): Promise<GzipTemplate | null> {
  if (parts.some((part) => part.includes(PLACEHOLDER))) return null;
  const placeholder = Buffer.alloc(holeLength, PLACEHOLDER);
  const deflate = createDeflateRaw({ level: 6 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    deflate.once('end', resolve);
    deflate.once('error', reject);
  });
  // params() flushes what came before, so each switch starts a new block.
  const level = (value: number) =>
    new Promise<void>((resolve) =>
      deflate.params(value, constants.Z_DEFAULT_STRATEGY, () => resolve()),
    );
  for (const [index, part] of parts.entries()) {
    deflate.write(part);
    if (index === parts.length - 1) break;
    await level(0);
    deflate.write(placeholder);
    await level(6);
  }
  deflate.end();
  await ended;
  const deflated = Buffer.concat(chunks);
  const holes: number[] = [];
  for (let at = deflated.indexOf(placeholder); at >= 0; at = deflated.indexOf(placeholder, at)) {
    holes.push(at);
    at += holeLength;
  }
  // Every hole found is a nonce's, or the stream happened to hold the pattern: then none is used.
  if (holes.length !== parts.length - 1) return null;
  const segments = [...holes, deflated.length].map((end, index) =>
    deflated.subarray(index === 0 ? 0 : holes[index - 1]! + holeLength, end),
  );
  return {
    deflated,
    holes,
    holeLength,
    segments,
    partCrcs: parts.map((part) => crc32(part)),
    partShifts: parts.map((part) => crcShift(part.length)),
    holeShift: crcShift(holeLength),
    size: parts.reduce((sum, part) => sum + part.length, holes.length * holeLength),
  };
}

/**
 * The gzip body of the page's parts joined by `nonce`, from the page's template, as the pieces to
 * write one after the other: the stored stream and the nonce alternate, so a copy allocates only
 * its trailer (a whole copy per visitor was most of what a flood left for the collector).
 */
export function gzipPieces(template: GzipTemplate, nonce: Buffer): Buffer[] {
  if (nonce.length !== template.holeLength) throw new Error('nonce length differs from the holes');
  const nonceCrc = crc32(nonce);
  let crc = template.partCrcs[0]!;
  for (let index = 1; index < template.partCrcs.length; index += 1) {
    crc = crcAfter(crc, nonceCrc, template.holeShift);
    crc = crcAfter(crc, template.partCrcs[index]!, template.partShifts[index]!);
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(template.size >>> 0, 4);
  return [GZIP_HEADER, ...interleave(template.segments, nonce), trailer];
}

/** The gzip body as one buffer (gzipPieces joined). */
export function fillGzip(template: GzipTemplate, nonce: Buffer): Buffer {
  return Buffer.concat(gzipPieces(template, nonce));
}

/** The page itself as pieces to write: `parts` with `nonce` between each two. */
export function interleave(parts: Buffer[], nonce: Buffer): Buffer[] {
  const pieces: Buffer[] = [];
  for (const [index, part] of parts.entries()) {
    if (index > 0) pieces.push(nonce);
    pieces.push(part);
  }
  return pieces;
}

/** The page itself: `parts` joined by `nonce`. */
export function joinParts(parts: Buffer[], nonce: Buffer): Buffer {
  return Buffer.concat(interleave(parts, nonce));
}
