import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { locales } from '@/lib/i18n/locales';

type Tree = { [key: string]: string | Tree };

const dir = path.join(process.cwd(), 'messages');
const load = (locale: string): Tree =>
  JSON.parse(readFileSync(path.join(dir, `${locale}.json`), 'utf8'));
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[prefix + key, value] as [string, string]]
      : flatten(value, `${prefix}${key}.`),
  );

const english = new Map(flatten(load('en')));

/** Words that really are spelled the same in that language as in English. */
const sameAsEnglish = new Set([
  'de:Cyan',
  'de:Phase',
  'fr:Phase',
  'fr:Sport',
  'de:Casino',
  'es:Casino',
  'fr:Casino',
  'tr:Casino',
  'de:System',
  'de:Wallet',
  'fr:Promotion',
  'fr:Message ({language})',
  'fr:Documents',
  // French counts mines as English does: une mine, des mines.
  'fr:{mines, plural, one {# mine} other {# mines}}',
  'fr:{document}, page {page}',
  'de:Limit',
  'de:Limits',
  'de:Tablet',
  'de:Tags',
  'de:Tag {tag}',
  'tr:Limit',
  'tr:Tablet',
  'pt:Tablet',
  'es:No',
  'vi:Email',
  'de:Signal',
  'fr:Signal',
  'fr:Note',
  'tr:Risk',
  'de:Code',
  'fr:Code',
  'de:Orange',
  'de:Horizontal',
  'fr:Cyan',
  'fr:Orange',
  'es:Vertical',
  'es:Horizontal',
  'pt:Vertical',
  'pt:Horizontal',
  'de:Status',
  'pt:Status',
  'de:Bonus',
  'fr:Bonus',
  'tr:Bonus',
  'fr:Type',
  'fr:Date',
  'es:Coinbase Wallet',
  'pt:Coinbase Wallet',
  'de:Coinbase Wallet',
  'fr:Coinbase Wallet',
  'tr:Coinbase Wallet',
  'fr:Notifications',
  'tr:Platform',
  'es:Actor',
  'de:Audit',
  'fr:Audit',
  'de:Name',
  'fr:Action',
  'fr:Actions',
  'de:Auto',
  'fr:Auto',
  'es:Auto',
  'pt:Auto',
  'es:Manual',
  'pt:Manual',
  'de:Fairness',
  'de:Details',
  'de:Originals',
  // The sportsbook's words that those languages took from English.
  'de:Handicap',
  'fr:Handicap',
  'pt:Handicap',
  'es:Total',
  'fr:Total',
  'fr:Match',
  'pt:Total',
  'de:Live',
  'es:{home} vs {away}',
  'vi:{home} vs {away}',
  'es:Decimal (2.50)',
  'pt:Decimal (2.50)',
]);

/** Languages whose text must be in their own script. */
const scripts: Partial<Record<string, RegExp>> = {
  ru: /\p{Script=Cyrillic}/u,
  ja: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
  ko: /\p{Script=Hangul}/u,
  zh: /\p{Script=Han}/u,
  ar: /\p{Script=Arabic}/u,
};

/**
 * Text that is only placeholders, units and codes every language writes alike (RTP, BTC, USD, KYC),
 * and the originals' names and the nonce, which crypto casinos write alike in every language.
 */
// Placeholders, codes and punctuation alone ("{value}%", "{name}, {country}" in any script's comma,
// "{name} · {role}", "{home} — {away}", "{home}–{away}", "{market} ({period})") have no language, nor a 1X2 pick's
// sign (1, X, 2).
const languageless = (text: string) =>
  /^(\{\w+\}|RTP|BTC|USD|KYC|VIP|GGR|NGR|CSV|IP|Dice|Limbo|Plinko|Mines|Crash|Salt|Nonce|[12X]|[\s%,、，،·:：()（）—–-])+$/.test(
    text,
  );

// An argument is a name followed by "," or "}": the words that open a plural branch ("{no bets}") are text.
const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  it('ships a file for every language and nothing else', () => {
    expect(readdirSync(dir).sort()).toEqual(locales.map((l) => `${l}.json`).sort());
  });

  describe.each(locales.filter((l) => l !== 'en'))('%s', (locale) => {
    const entries = new Map(flatten(load(locale)));

    it('has exactly the English keys', () => {
      expect([...entries.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it('leaves no English behind', () => {
      const untranslated = [...entries].filter(
        ([key, value]) =>
          english.get(key) === value &&
          !sameAsEnglish.has(`${locale}:${value}`) &&
          !languageless(value),
      );
      expect(untranslated).toEqual([]);
    });

    it('writes in its own script where it has one', () => {
      const script = scripts[locale];
      if (!script) return;
      expect(
        [...entries].filter(([, value]) => !script.test(value) && !languageless(value)),
      ).toEqual([]);
    });

    it('keeps the same placeholders', () => {
      for (const [key, value] of entries)
        expect([key, placeholders(value)]).toEqual([key, placeholders(english.get(key)!)]);
    });
  });
});
