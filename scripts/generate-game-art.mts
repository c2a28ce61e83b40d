// Draws the demo catalog's artwork into public/games/<slug>.svg and public/providers/<slug>.svg:
// small, local, deterministic images (no remote images). Run after changing the catalog:
//   node --import tsx scripts/generate-game-art.mts
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { catalogGames, catalogProviders } from '../lib/games/demo-catalog.ts';

const root = path.resolve(import.meta.dirname, '..', 'public');
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function hash(text: string): number {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.codePointAt(0)!, 16777619);
  return h >>> 0;
}

const shapes = [
  (c: string) =>
    `<circle cx="150" cy="150" r="86" fill="${c}" opacity=".35"/><circle cx="150" cy="150" r="52" fill="${c}" opacity=".5"/>`,
  (c: string) => `<path d="M150 56 236 150 150 244 64 150Z" fill="${c}" opacity=".45"/>`,
  (c: string) =>
    `<path d="M150 50l26 62 66 5-50 43 16 65-58-35-58 35 16-65-50-43 66-5Z" fill="${c}" opacity=".45"/>`,
  (c: string) =>
    `<rect x="70" y="70" width="160" height="160" rx="32" fill="${c}" opacity=".4" transform="rotate(12 150 150)"/>`,
];

/** Splits a title into at most two lines of about 14 characters for the card. */
function lines(name: string): string[] {
  const words = name.split(' ');
  const out = [''];
  for (const w of words) {
    const last = out[out.length - 1]!;
    if (last && (last + ' ' + w).length > 14 && out.length < 2) out.push(w);
    else out[out.length - 1] = last ? `${last} ${w}` : w;
  }
  return out;
}

function gameSvg(name: string, key: string): string {
  const h = hash(key);
  const hue = h % 360;
  const hue2 = (hue + 40 + ((h >>> 9) % 80)) % 360;
  const shape = shapes[(h >>> 3) % shapes.length]!(`hsl(${(hue + 180) % 360} 90% 70%)`);
  const text = lines(name)
    .map(
      (l, i, all) =>
        `<text x="150" y="${330 + (i - (all.length - 1) / 2) * 30}" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="26" font-weight="700" fill="#fff">${escape(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400" width="300" height="400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 38%)"/><stop offset="1" stop-color="hsl(${hue2} 75% 22%)"/></linearGradient></defs><rect width="300" height="400" rx="24" fill="url(#g)"/>${shape}<text x="150" y="172" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="64" font-weight="800" fill="#fff" opacity=".9">${escape(
    name
      .split(' ')
      .map((w) => w[0])
      .join('')
      .slice(0, 3)
      .toUpperCase(),
  )}</text>${text}</svg>\n`;
}

function providerSvg(name: string, key: string): string {
  const hue = hash(key) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 60" width="200" height="60"><rect width="200" height="60" rx="12" fill="hsl(${hue} 45% 24%)"/><circle cx="30" cy="30" r="14" fill="hsl(${(hue + 150) % 360} 80% 65%)"/><text x="54" y="36" font-family="Arial,Helvetica,sans-serif" font-size="${name.length > 16 ? 14 : 17}" font-weight="700" fill="#fff">${escape(name)}</text></svg>\n`;
}

for (const [folder, items] of [
  ['games', catalogGames.map((g) => [g.slug, gameSvg(g.name, g.slug)])],
  ['providers', catalogProviders.map((p) => [p.slug, providerSvg(p.name, p.slug)])],
] as const) {
  const dir = path.join(root, folder);
  mkdirSync(dir, { recursive: true });
  for (const file of readdirSync(dir)) rmSync(path.join(dir, file));
  for (const [slug, svg] of items) writeFileSync(path.join(dir, `${slug}.svg`), svg);
  console.log(`${items.length} images in public/${folder}/`);
}
