import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** The frames' script, bundled once at start (engines and `lib/fairness` included), and styles. */
export async function frameAssets(root: string): Promise<{ js: string; css: string }> {
  const bundled = await build({
    entryPoints: [path.join(root, 'studio', 'frame', 'client.ts')],
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    target: 'es2020',
    alias: { '@': root },
    logLevel: 'silent',
  });
  return {
    js: bundled.outputFiles[0]!.text,
    css: readFileSync(path.join(root, 'studio', 'frame', 'frame.css'), 'utf8'),
  };
}
