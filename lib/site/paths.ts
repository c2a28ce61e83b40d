/**
 * The site's navigation targets (spec §2) and the rules that hang on a path. Shared by the server
 * pages, the menus and the modal layer, so a route is spelled in one place.
 */

/** Paths are split on slashes and camelCase segments become lower-case hyphenated (spec §9). */
export function toPathSegments(path: string): string[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase());
}

export function normalizePath(path: string): string {
  return `/${toPathSegments(path).join('/')}`;
}

/** The sportsbook's sections, read from `/sports?bt-path=` (spec §2). */
export const sportsSections = [
  { key: 'myBets', btPath: '/bets' },
  { key: 'live', btPath: '/live' },
  { key: 'soccer', btPath: '/soccer-1' },
  { key: 'basketball', btPath: '/basketball-2' },
  { key: 'baseball', btPath: '/baseball-3' },
  { key: 'americanFootball', btPath: '/american-football-16' },
  { key: 'esportFifa', btPath: '/esport-fifa-137' },
  { key: 'eFifa', btPath: '/e_sport/fifa-300' },
  { key: 'iceHockey', btPath: '/ice-hockey-4' },
  { key: 'tennis', btPath: '/tennis-5' },
] as const;
export type SportsSection = (typeof sportsSections)[number];

export function sportsHref(btPath: string): string {
  return `/sports?bt-path=${encodeURIComponent(btPath)}`;
}

/** The section /sports shows without a bt-path (or with an unknown one): live. */
export const defaultSportsSection: SportsSection = sportsSections[1];

/** The section a bt-path is in: its own, or an event's under it (`/soccer-1/<slug>-<id>`). */
export function findSportsSection(btPath: string | null | undefined): SportsSection | undefined {
  if (!btPath) return undefined;
  return sportsSections.find((s) => btPath === s.btPath || btPath.startsWith(`${s.btPath}/`));
}

/** A slug of the event's sides, for its address (letters and digits, hyphenated). */
function eventSlug(home: string, away: string): string {
  return `${home} ${away}`
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
}

/** An event's bt-path in its sport's section: `/soccer-1/<home>-<away>-<id>`. */
export function sportsEventBtPath(
  section: SportsSection,
  event: { id: number; home: string; away: string },
): string {
  const slug = eventSlug(event.home, event.away);
  return `${section.btPath}/${slug ? `${slug}-` : ''}${event.id}`;
}

/** The event id a bt-path names under its section, or null for the section itself. */
export function sportsEventIdOf(btPath: string, section: SportsSection): number | null {
  const rest = btPath.slice(section.btPath.length);
  const match = /^\/(?:[a-z0-9-]*-)?(\d{1,15})$/.exec(rest);
  return match ? Number(match[1]) : null;
}

/** The section of a sport (its key is the sport's). */
export function sportSection(sport: string): SportsSection | undefined {
  return sportsSections.find((s) => s.key === sport);
}

export const casinoTabs = [
  'lobby',
  'hot-games',
  'baccarat',
  'blackjack',
  'roulette',
  'game-show',
  'providers',
] as const;
export const slotsTabs = [
  'lobby',
  'hot-games',
  'bonus-buy',
  'bingo',
  'table-games',
  'crash-games',
  'fishing',
  'providers',
] as const;
export type CasinoTab = (typeof casinoTabs)[number];
export type SlotsTab = (typeof slotsTabs)[number];
/** A casino or slots tab: each has its title under `lobby.tab` in the messages. */
export type LobbyTab = CasinoTab | SlotsTab;

/** A tab from the query string, or the lobby when it is missing or unknown. */
export function pickTab<T extends string>(tabs: readonly [T, ...T[]], value: unknown): T {
  return typeof value === 'string' && (tabs as readonly string[]).includes(value)
    ? (value as T)
    : tabs[0];
}

/** Racing is announced but not open: its links show 'coming soon' instead of navigating. */
export const racingKinds = ['horse-racing', 'greyhound', 'harness'] as const;
export type RacingKind = (typeof racingKinds)[number];
export const racingPaths = ['/racing', ...racingKinds.map((k) => `/racing/${k}`)];

export const cryptoKinds = ['crypto-trading', 'futures'] as const;
export type CryptoKind = (typeof cryptoKinds)[number];

/** The player's account pages under /account-management/ (spec §2). */
export const accountPages = [
  { key: 'myAccount', slug: 'my-account' },
  { key: 'referral', slug: 'referral/dashboard' },
  { key: 'paymentAddress', slug: 'payment-address' },
  { key: 'transactions', slug: 'transactions' },
  { key: 'gameRecord', slug: 'game-record' },
  { key: 'security', slug: 'security' },
  { key: 'verification', slug: 'verification' },
  { key: 'settings', slug: 'settings' },
  { key: 'protection', slug: 'player-protection' },
] as const;
export type AccountPage = (typeof accountPages)[number];
export type AccountPageKey = AccountPage['key'];

export function accountHref(page: AccountPage): string {
  return `/account-management/${page.slug}`;
}

/** Simple content pages that every language has. */
export const infoPages = ['promotions', 'vip-club', 'x-games', 'help'] as const;
export type InfoPage = (typeof infoPages)[number];

function startsWith(path: string, prefix: string): boolean {
  const clean = normalizePath(path);
  return clean === prefix || clean.startsWith(`${prefix}/`);
}

export const isCryptoPath = (path: string) => startsWith(path, '/crypto');
export const isRacingPath = (path: string) => startsWith(path, '/racing');
export const isAccountPath = (path: string) => startsWith(path, '/account-management');

/** The footer gives way to the game grids on small screens (spec §2). */
export function hidesFooterOnSmallScreens(path: string): boolean {
  return ['/casino', '/slots', '/providers'].some((p) => startsWith(path, p));
}

/** Paths containing /sports/ carry the sportsbook's own bar and need a different top margin. */
export function isSportsDetailPath(path: string): boolean {
  return normalizePath(path).includes('/sports/');
}

/** Any path containing 404 shows the bare full-screen 404 title (spec §2). */
export function isBare404Path(path: string): boolean {
  return toPathSegments(path).some((segment) => segment.includes('404'));
}

/** A game's page: every game opens under /casino/games/<slug>. */
export const gameHref = (slug: string) => `/casino/games/${slug}`;
/** A studio's page, listing its games. */
export const providerHref = (slug: string) => `/providers/${slug}`;
