import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { locales, type Locale } from '@/lib/i18n/locales';

/**
 * The demo's texts claim nothing the site does not do (issue 32): no bonus credited on deposit, no
 * support "day and night" beside "our agents are busy", no
 * licence the footer does not show; offers for products that are not open say they are coming.
 * And German speaks to the player one way throughout: "du".
 */
const root = process.cwd();
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const json = (file: string) => JSON.parse(read(file)) as unknown;
const contentFiles = (locale: Locale) =>
  readdirSync(path.join(root, 'content', locale)).map((f) => `content/${locale}/${f}`);
/** Every text a language's documents and messages hold, one per line. */
function texts(locale: Locale): string {
  const out: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') out.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const file of [...contentFiles(locale), `messages/${locale}.json`]) walk(json(file));
  return out.join('\n');
}

/** How each language says "coming soon" in the demo's documents. */
const comingSoon: Record<Locale, string> = {
  en: 'coming soon',
  es: 'próximamente',
  pt: 'em breve',
  de: 'demnächst',
  fr: 'bientôt',
  tr: 'yakında',
  ru: 'скоро',
  ja: '近日公開',
  ko: '출시 예정',
  zh: '即将推出',
  vi: 'sắp ra mắt',
  ar: 'قريبًا',
};

/**
 * What the documents said before: each a claim the site could not keep. ("Provably fair" was one
 * until the originals came: they are, and the site says so.)
 */
const claims: Record<Locale, string[]> = {
  en: ['credited the moment', 'company named in the footer', 'day and night'],
  es: ['con la licencia que allí se muestra', 'de día y de noche'],
  pt: ['sob a licença ali informada', 'dia e noite'],
  de: ['unter der dort angegebenen Lizenz', 'Tag und Nacht'],
  fr: ['sous la licence qui y est indiquée', 'jour et nuit'],
  tr: ['orada belirtilen lisans kapsamında', 'gece gündüz'],
  ru: ['по лицензии, указанной там же', 'днём и ночью'],
  ja: ['同じくフッターに記載のライセンス', '昼夜を問わず'],
  ko: ['그곳에 표시된 라이선스', '밤낮으로'],
  zh: ['依据页脚所示许可证', '日夜'],
  vi: ['theo giấy phép được nêu tại đó', 'cả ngày lẫn đêm'],
  ar: ['بموجب الترخيص الموضّح هناك', 'ليلًا ونهارًا'],
};

type Home = { hero: { title: string }[]; sections: { __component: string; title?: string }[] };
type Promotion = { summary: string; body: { children: { text?: string }[] }[] };

describe.each(locales)('the demo in %s', (locale) => {
  it('makes none of the claims the site cannot keep', () => {
    const all = texts(locale).toLowerCase();
    for (const claim of claims[locale]) {
      expect([claim, all.includes(claim.toLowerCase())]).toEqual([claim, false]);
    }
  });

  it('says the bonuses, the sportsbook and the VIP club are coming, not there', () => {
    const soon = comingSoon[locale];
    const says = (text: string | undefined) => text?.toLowerCase().includes(soon) ?? false;
    const home = json(`content/${locale}/home-page.json`) as Home;
    expect(home.hero.map((h) => [h.title, says(h.title)])).toEqual(
      home.hero.map((h) => [h.title, true]),
    );
    const sports = home.sections.find((s) => s.__component === 'home.sports-highlights');
    expect(says(sports?.title)).toBe(true);
    const promotions = json(`content/${locale}/promotions.json`) as Promotion[];
    for (const p of promotions) {
      const first = p.body[0]?.children[0]?.text;
      expect([p.summary, says(p.summary), says(first)]).toEqual([p.summary, true, true]);
    }
  });

  it('leaves when agents answer to SUPPORT_HOURS: no hours of its own beside the away text', () => {
    const extra = json(`content/${locale}/extra-configuration.json`) as {
      support: Record<string, string>;
    };
    expect(Object.keys(extra.support)).toEqual(['offline']);
  });
});

it('German says "du" throughout, in the messages and the documents', () => {
  const formal = /\b(Sie|Ihnen|Ihr|Ihre|Ihrem|Ihren|Ihrer|Ihres)\b/g;
  const found = texts('de')
    .split('\n')
    .filter((line) => formal.test(line));
  expect(found).toEqual([]);
});
