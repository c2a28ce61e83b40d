/**
 * The demo game catalog, made from word lists with a seeded generator so every start (and every
 * machine) gets the same 504 games from 24 invented studios. Names read like real titles but use
 * no real trademarks; a few carry accents so accent-insensitive search has something to find.
 * Every game sits in the categories of its kind: a roulette under roulette, a fishing game under
 * fishing; a video slot in the slots lobby, some of them under bonus buy.
 * Artwork is drawn by `scripts/generate-game-art.mjs` from the same data into public/games/.
 */
export type CatalogProvider = { slug: string; name: string };
export type CatalogGame = {
  gameId: string;
  slug: string;
  name: string;
  provider: string;
  section: 'casino' | 'slots';
  categories: string[];
  platforms: ('desktop' | 'mobile')[];
  rtp: string;
  btcValue: string;
  hot: boolean;
  releaseDate: string;
  popularity: number;
};

export const catalogProviders: CatalogProvider[] = [
  'Aurora Gaming',
  'Blue Harbor Studios',
  'Copperfox Play',
  'Dune Lantern',
  'Ember & Oak',
  'Frostbyte Reels',
  'Golden Lynx',
  'Halcyon Tables',
  'Ironbark Games',
  'Jade Circuit',
  'Kestrel Live',
  'Lumen Forge',
  'Moonrail',
  'Northwind Slots',
  'Obsidian Owl',
  'Paper Crane Games',
  'Quartz Rabbit',
  'Redwood Spin',
  'Silver Tide',
  'Tangerine Labs',
  'Umbra Studio',
  'Velvet Arcade',
  'Willow & Wren',
  'Zenith Play',
].map((name) => ({ name, slug: slugify(name) }));

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** mulberry32: a small seeded generator, so the catalog is the same everywhere. */
function generator(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const adjectives = [
  'Golden',
  'Lucky',
  'Wild',
  'Mystic',
  'Royal',
  'Blazing',
  'Frozen',
  'Electric',
  'Ancient',
  'Midnight',
  'Crystal',
  'Thunder',
  'Jade',
  'Cosmic',
  'Savage',
  'Velvet',
  'Neon',
  'Sacred',
  'Hidden',
  'Iron',
];
const nouns = [
  'Dragon',
  'Fortune',
  'Pharaoh',
  'Buffalo',
  'Gems',
  'Tiger',
  'Phoenix',
  'Treasure',
  'Vikings',
  'Sphinx',
  'Wolves',
  'Fruits',
  'Koi',
  'Samurai',
  'Pirates',
  'Temple',
  'Comet',
  'Panda',
  'Jaguar',
  'Cherries',
];
const endings = [
  '',
  '',
  '',
  ' Deluxe',
  ' Rush',
  ' Reels',
  ' Quest',
  ' Riches',
  ' Blitz',
  ' Link',
  ' Spins',
  ' Fever',
];
/** Titles with accents and punctuation, for accent-insensitive search. */
const specials = [
  'Piñata Party',
  'Café Olé',
  'Señorita Spins',
  'Crème Brûlée Bonanza',
  'Fiesta Mágica',
  'Über Fortune',
  'Déjà Vu Reels',
  'Açaí Jackpot',
];

const slotCategories = ['bonus-buy', 'bingo', 'table-games', 'crash-games', 'fishing'] as const;
/** The slots tabs that are kinds of game, not a feature of a video slot: each has games of its kind. */
const slotKindTitles: Record<Exclude<(typeof slotCategories)[number], 'bonus-buy'>, string[]> = {
  bingo: [
    'Bingo Bonanza',
    'Lucky Ball Bingo',
    'Speed Bingo 75',
    'Jungle Bingo',
    'Bingo Blast',
    'Party Bingo 90',
  ],
  'table-games': [
    'Blackjack Multihand',
    'European Roulette Pro',
    'Punto Banco',
    "Casino Hold'em",
    'Three Card Poker',
    'Red Dog',
  ],
  'crash-games': [
    'Rocket Crash',
    'Jetpack Rush',
    'Balloon Pop',
    'Moon Crash',
    'Cash Plane',
    'Turbo Multiplier',
  ],
  fishing: [
    'Ocean King Fishing',
    'Golden Reef Fishing',
    'Dragon Fishing',
    'Deep Sea Hunter',
    'Fish Party',
    'Koi Catch',
  ],
};
/** Three tables of each title: the second "II", the third "Live" (or "VIP" when it is live already). */
const liveRound = (title: string, round: number) =>
  round === 0 ? title : `${title} ${round === 1 ? 'II' : / Live$/.test(title) ? 'VIP' : 'Live'}`;
/** A video slot may offer a bonus buy; bingo, table, crash and fishing games are games of their own. */
const slotFeature = (category: (typeof slotCategories)[number]) =>
  category === 'bonus-buy' ? [category] : [];
const liveTitles: Record<string, string[]> = {
  baccarat: [
    'Speed Baccarat',
    'Golden Baccarat',
    'No Commission Baccarat',
    'Squeeze Baccarat',
    'Lightning Dragon Baccarat',
    'Baccarat Royale',
  ],
  blackjack: [
    'Classic Blackjack',
    'Infinite Blackjack',
    'Speed Blackjack',
    'Blackjack Party',
    'Free Bet Blackjack',
    'VIP Blackjack',
  ],
  roulette: [
    'European Roulette',
    'Auto Roulette',
    'Double Ball Roulette',
    'Immersive Roulette',
    'Speed Roulette',
    'Lucky Number Roulette',
  ],
  'game-show': [
    'Wheel of Wonders',
    'Mega Ball Bonanza',
    'Dice Duel Live',
    'Treasure Island Live',
    'Crazy Coin Flip Show',
    'Money Drop Live',
  ],
};

function buildCatalog(): CatalogGame[] {
  const random = generator(20261122);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const games: CatalogGame[] = [];
  const used = new Set<string>();
  const add = (name: string, section: CatalogGame['section'], categories: string[]) => {
    let title = name;
    for (let n = 2; used.has(slugify(title)); n += 1) title = `${name} ${n}`;
    used.add(slugify(title));
    const provider = catalogProviders[games.length % catalogProviders.length]!;
    const released = new Date(Date.UTC(2019, 0, 1) + Math.floor(random() * 2500) * 86_400_000);
    games.push({
      gameId: `${provider.slug.slice(0, 4)}-${String(games.length + 1).padStart(4, '0')}`,
      slug: slugify(title),
      name: title,
      provider: provider.slug,
      section,
      categories,
      platforms: random() < 0.12 ? ['desktop'] : ['desktop', 'mobile'],
      rtp: (94 + random() * 5).toFixed(2),
      btcValue: (0.0001 + random() * 0.02).toFixed(8),
      hot: random() < 0.16,
      releaseDate: released.toISOString().slice(0, 10),
      popularity: Math.floor(random() * 10_000),
    });
  };
  // Live casino: every casino tab gets tables from several studios.
  for (const [category, titles] of Object.entries(liveTitles)) {
    for (let round = 0; round < 3; round += 1) {
      for (const title of titles) add(liveRound(title, round), 'casino', [category]);
    }
  }
  // The generator draws as it always did (the same names, figures and addresses as before); a video
  // slot keeps only the bonus buy it drew.
  for (const title of specials) add(title, 'slots', slotFeature(pick(slotCategories)));
  while (games.length < 432) {
    const name = `${pick(adjectives)} ${pick(nouns)}${pick(endings)}`;
    // Most slots are plain video slots (lobby only); a share offers a bonus buy.
    const category = random() < 0.45 ? slotFeature(pick(slotCategories)) : [];
    add(name, 'slots', category);
  }
  // Bingo, table, crash and fishing games: each its kind's tab, from several studios.
  for (const [category, titles] of Object.entries(slotKindTitles)) {
    for (let round = 0; round < 3; round += 1) {
      for (const title of titles) {
        add(round ? `${title} ${round === 1 ? 'II' : 'Deluxe'}` : title, 'slots', [category]);
      }
    }
  }
  return games;
}

export const catalogGames: CatalogGame[] = buildCatalog();
