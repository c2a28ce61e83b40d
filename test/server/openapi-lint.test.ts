import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildOpenApiDocument } from '@/lib/server/openapi/document';

const run = promisify(execFile);

type Finding = { code: string; message: string; path: string[]; severity: number };

/** An independent reader of the document: Spectral with its `spectral:oas` rules (.spectral.yaml). */
async function spectral(document: unknown): Promise<Finding[]> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'openapi-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  const bin = path.join(process.cwd(), 'node_modules/.bin/spectral');
  const args = ['lint', file, '--ruleset', '.spectral.yaml', '--format', 'json', '--quiet'];
  // Spectral exits 1 when it finds anything; its findings are on stdout either way.
  const { stdout } = await run(bin, args, { cwd: process.cwd() }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
  );
  return JSON.parse(stdout || '[]') as Finding[];
}

describe('OpenAPI lint (Spectral, spectral:oas)', () => {
  it('finds no error and no warning in the published document', async () => {
    const findings = await spectral(buildOpenApiDocument('http://localhost:3000/api/v1'));
    const readable = findings.map(
      (f) =>
        `${['error', 'warn', 'info', 'hint'][f.severity]} ${f.code} ${f.path.join('.')}: ${f.message}`,
    );
    expect(readable.filter((line) => !line.startsWith('info') && !line.startsWith('hint'))).toEqual(
      [],
    );
  }, 60_000);
});
