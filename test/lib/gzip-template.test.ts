import { crc32, gunzipSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { crcAfter, crcShift, fillGzip, gzipTemplate, joinParts } from '@/lib/serve/gzip-template';
import { createNonce } from '@/lib/security/csp';

/** A page like the ones kept: markup with the nonce in script tags and the RSC payload. */
function page(nonce: string, copies: number): string {
  let html = '<!DOCTYPE html><html><head>';
  for (let i = 0; i < copies; i += 1) {
    html += `<script nonce="${nonce}" src="/_next/static/chunks/${i}.js" async></script>`;
    html += `<p class="card">Game ${i} · ١٢٣ · 你好 · ${'x'.repeat(i * 7)}</p>`;
  }
  return `${html}<script nonce="${nonce}">self.__next_f.push([1,"{\\"nonce\\":\\"${nonce}\\"}"])</script></html>`;
}

describe('a kept page compressed once with a hole at each nonce', () => {
  it('gives, for each new nonce, exactly the gzip of the page with that nonce', async () => {
    const first = createNonce();
    const parts = page(first, 40)
      .split(first)
      .map((p) => Buffer.from(p));
    const template = await gzipTemplate(parts, Buffer.byteLength(first));
    expect(template).not.toBeNull();
    expect(template!.holes).toHaveLength(parts.length - 1);
    for (let i = 0; i < 5; i += 1) {
      const nonce = Buffer.from(createNonce());
      const gz = fillGzip(template!, nonce);
      // gunzip checks the CRC-32 and the length in the trailer too.
      expect(gunzipSync(gz).equals(joinParts(parts, nonce))).toBe(true);
      expect(gunzipSync(gz).toString()).toBe(page(nonce.toString(), 40));
    }
    // A new block after each hole: a few dozen bytes a hole over the whole page's gzip.
    const whole = gzipSync(page(first, 40), { level: 6 }).length;
    expect(template!.deflated.length).toBeLessThan(whole + 64 * template!.holes.length);
  });

  it('holds for any page and any nonce (generated)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: 'binary', maxLength: 300 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.base64String({ minLength: 24, maxLength: 24 }), { minLength: 1, maxLength: 3 }),
        async (texts, nonces) => {
          const parts = texts.map((t) => Buffer.from(t));
          const template = await gzipTemplate(parts, 24);
          if (parts.some((p) => p.includes(0x01))) {
            expect(template).toBeNull();
            return;
          }
          expect(template).not.toBeNull();
          for (const n of nonces) {
            const nonce = Buffer.from(n.padEnd(24, 'A').slice(0, 24));
            expect(gunzipSync(fillGzip(template!, nonce)).equals(joinParts(parts, nonce))).toBe(
              true,
            );
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('refuses a nonce of another length', async () => {
    const template = await gzipTemplate([Buffer.from('<a>'), Buffer.from('</a>')], 24);
    expect(() => fillGzip(template!, Buffer.from('x'))).toThrow();
  });

  it("joins two CRCs into the whole's, as zlib computes it over the bytes (generated)", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 2_000 }),
        fc.uint8Array({ maxLength: 2_000 }),
        // Lengths past 2^16 and 2^20 need the higher powers of x.
        fc.constantFrom(0, 1, 70_000, 1_100_000),
        (a, b, padding) => {
          const first = Buffer.from(a);
          const second = Buffer.concat([Buffer.from(b), Buffer.alloc(padding, 7)]);
          const joined = crcAfter(crc32(first), crc32(second), crcShift(second.length));
          expect(joined).toBe(crc32(Buffer.concat([first, second])));
        },
      ),
      { numRuns: 60 },
    );
  });
});
