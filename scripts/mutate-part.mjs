#!/usr/bin/env node
/**
 * `npm run mutate:part -- <file[:lines]> … [--option value]`: Stryker on part of the money core,
 * its results added to the incremental file (reports/stryker-incremental.json) that
 * `npm run mutate` starts from.
 *
 * Stryker writes the incremental file from the mutants of its own run only: a run of
 * `ledger.ts:1-250` would forget every other file's results and every other line's. This runs it on
 * a copy (so what is already known is reused) and puts the part's results back into the whole: a
 * mutant's newer result replaces its older one; a file whose source changed keeps only the newer
 * (its older results' places no longer hold: run a changed file whole, and Stryker reuses what
 * did not change).
 * The whole is committed, so the next session (or CI's machine) starts from it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const whole = path.join(root, 'reports/stryker-incremental.json');
const part = path.join(root, 'reports/parts/stryker-incremental.json');
// Options (`--concurrency 2`) go to Stryker as they are; the rest name what to mutate.
const args = process.argv.slice(2);
const options = args.filter((a, i) => a.startsWith('--') || args[i - 1]?.startsWith('--'));
const specs = args.filter((a) => !options.includes(a));
if (specs.length === 0) {
  console.error('usage: npm run mutate:part -- lib/server/wallet/ledger.ts:1-250 [more files]');
  process.exit(2);
}

mkdirSync(path.dirname(part), { recursive: true });
if (existsSync(whole)) copyFileSync(whole, part);
const run = spawnSync(
  'npx',
  [
    'stryker',
    'run',
    '--incrementalFile',
    part,
    '--mutate',
    specs.join(','),
    '--reporters',
    'clear-text,progress',
    ...options,
  ],
  { cwd: root, stdio: 'inherit' },
);

/**
 * Which mutant: its mutator, place and replacement (a run numbers its new mutants afresh, and
 * names the ones it reused by place).
 */
const mutantKey = ({ mutatorName, replacement, location: { start, end } }) =>
  `${mutatorName}@${start.line}:${start.column}-${end.line}:${end.column}:${replacement}`;

/** The whole with the part's results in it. */
function merge(all, some) {
  if (!all) return some;
  const files = { ...all.files };
  for (const [name, file] of Object.entries(some.files)) {
    const before = files[name];
    const kept = before && before.source === file.source ? before.mutants : [];
    const byKey = new Map([...kept, ...file.mutants].map((m) => [mutantKey(m), m]));
    files[name] = { ...file, mutants: [...byKey.values()] };
  }
  return { ...some, files, testFiles: { ...all.testFiles, ...some.testFiles } };
}

if (existsSync(part)) {
  const some = JSON.parse(readFileSync(part, 'utf8'));
  const all = existsSync(whole) ? JSON.parse(readFileSync(whole, 'utf8')) : null;
  writeFileSync(whole, JSON.stringify(merge(all, some), null, 2));
  console.log(`mutate:part: results kept in ${path.relative(root, whole)}`);
}
process.exit(run.status ?? 1);
