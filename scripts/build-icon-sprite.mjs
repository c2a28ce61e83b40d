#!/usr/bin/env node
/**
 * Writes public/icons/sprite.svg from Material icons: server-rendered markup (footer, game cards)
 * points at one cached file with <use> instead of repeating each icon's path in every page.
 * Run after changing the list: `node scripts/build-icon-sprite.mjs`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** Sprite id → Material icon module. */
const SPRITE_ICONS = {
  telegram: 'Telegram',
  x: 'X',
  youtube: 'YouTube',
  instagram: 'Instagram',
  facebook: 'Facebook',
  link: 'Link',
  'expand-more': 'ExpandMore',
  favorite: 'Favorite',
  'favorite-border': 'FavoriteBorder',
  // The shell: header, side menu and bottom bar.
  menu: 'Menu',
  search: 'Search',
  settings: 'Settings',
  'chevron-left': 'ChevronLeft',
  'chevron-right': 'ChevronRight',
  'expand-less': 'ExpandLess',
  sports: 'SportsSoccer',
  casino: 'Casino',
  slots: 'Diamond',
  racing: 'Timer',
  crypto: 'CurrencyBitcoin',
  futures: 'ShowChart',
  promotions: 'LocalOffer',
  vip: 'EmojiEvents',
  bonus: 'CardGiftcard',
  referral: 'GroupAdd',
  xgames: 'RocketLaunch',
  help: 'HelpOutlined',
  support: 'SupportAgent',
};

const symbols = Object.entries(SPRITE_ICONS).map(([id, name]) => {
  const source = readFileSync(
    path.join(root, 'node_modules/@mui/icons-material', `${name}.mjs`),
    'utf8',
  );
  const paths = [...source.matchAll(/_jsx\("(path|circle)", \{([^}]*)\}/g)].map(
    ([, tag, props]) => {
      const attrs = [...props.matchAll(/(\w+): "([^"]*)"/g)].map(([, k, v]) => `${k}="${v}"`);
      return `<${tag} ${attrs.join(' ')}/>`;
    },
  );
  if (paths.length === 0) throw new Error(`no path in ${name}`);
  return `<symbol id="${id}" viewBox="0 0 24 24">${paths.join('')}</symbol>`;
});
writeFileSync(
  path.join(root, 'public/icons/sprite.svg'),
  `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`,
);
console.log(`public/icons/sprite.svg: ${symbols.length} icons`);
