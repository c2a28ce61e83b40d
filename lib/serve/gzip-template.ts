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
export type GzipTemplate = { deflated: Buffer; holes: number[]; holeLength: number };

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
  return holes.length === parts.length - 1 ? { deflated, holes, holeLength } : null;
}

/** The gzip body of `parts` joined by `nonce`, from the page's template. */
export function fillGzip(template: GzipTemplate, parts: Buffer[], nonce: Buffer): Buffer {
  if (nonce.length !== template.holeLength) throw new Error('nonce length differs from the holes');
  const body = Buffer.from(template.deflated);
  for (const at of template.holes) nonce.copy(body, at);
  let crc = 0;
  let size = 0;
  for (const [index, part] of parts.entries()) {
    // Node 20's crc32 answers 0 for an empty buffer, whatever the running value.
    if (part.length > 0) crc = crc32(part, crc);
    size += part.length;
    if (index < parts.length - 1) {
      crc = crc32(nonce, crc);
      size += nonce.length;
    }
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  return Buffer.concat([GZIP_HEADER, body, trailer]);
}

/** The page itself: `parts` joined by `nonce`. */
export function joinParts(parts: Buffer[], nonce: Buffer): Buffer {
  const pieces: Buffer[] = [];
  for (const [index, part] of parts.entries()) {
    if (index > 0) pieces.push(nonce);
    pieces.push(part);
  }
  return Buffer.concat(pieces);
}
