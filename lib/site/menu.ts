import type { KeyIn } from '@/lib/i18n/message-keys';
import {
  accountHref,
  accountPages,
  defaultSportsSection,
  findSportsSection,
  racingKinds,
  sportsHref,
  sportsSections,
} from './paths';

/**
 * The side menu (spec §2 Shell): groups betting, general and info. Labels are message keys under
 * `nav`; icons are names the menu component maps to glyphs, so this file stays free of React.
 */
export type MenuIcon =
  | 'sports'
  | 'casino'
  | 'slots'
  | 'racing'
  | 'crypto'
  | 'futures'
  | 'promotions'
  | 'vip'
  | 'bonus'
  | 'referral'
  | 'xgames'
  | 'help'
  | 'support';

export type MenuItem = {
  /** Its label under `nav` in the messages. */
  key: KeyIn<'nav'>;
  icon?: MenuIcon;
  href?: string;
  /** Opens something instead of navigating. */
  action?: 'support';
  /** Announced but not open: a click says 'coming soon' and goes nowhere (spec §2 racing). */
  comingSoon?: boolean;
  /** Who may see the item; without a list, everyone (spec §6). */
  roles?: readonly string[];
  children?: readonly MenuItem[];
};

export type MenuGroup = { key: 'betting' | 'general' | 'info'; items: readonly MenuItem[] };

/** The role the menu is filtered by when none is set (spec §6: admin is the default). */
export const DEFAULT_ROLE = 'admin';

export const menuGroups: readonly MenuGroup[] = [
  {
    key: 'betting',
    items: [
      {
        key: 'sports',
        icon: 'sports',
        href: sportsHref('/live'),
        children: sportsSections.map((s) => ({
          key: `sport.${s.key}`,
          href: sportsHref(s.btPath),
        })),
      },
      { key: 'casino', icon: 'casino', href: '/casino?tab=lobby' },
      { key: 'slots', icon: 'slots', href: '/slots?tab=lobby' },
      {
        key: 'racing',
        icon: 'racing',
        href: '/racing',
        comingSoon: true,
        children: racingKinds.map((k) => ({
          key: `racingKind.${k}`,
          href: `/racing/${k}`,
          comingSoon: true,
        })),
      },
      { key: 'cryptoTrading', icon: 'crypto', href: '/crypto/crypto-trading' },
      { key: 'futures', icon: 'futures', href: '/crypto/futures' },
    ],
  },
  {
    key: 'general',
    items: [
      { key: 'promotions', icon: 'promotions', href: '/promotions' },
      { key: 'vipClub', icon: 'vip', href: '/vip-club' },
      { key: 'bonus', icon: 'bonus', href: '/bonus' },
      { key: 'referral', icon: 'referral', href: accountHref(accountPages[1]) },
      { key: 'xGames', icon: 'xgames', href: '/x-games' },
    ],
  },
  {
    key: 'info',
    items: [
      { key: 'help', icon: 'help', href: '/help' },
      { key: 'liveSupport', icon: 'support', action: 'support' },
    ],
  },
];

/** The one rule for who sees a menu item: no role list, or the current role is on it. */
export function canSeeMenuItem(
  item: Pick<MenuItem, 'roles'>,
  role: string = DEFAULT_ROLE,
): boolean {
  return !item.roles || item.roles.includes(role);
}

/** The menu as the current role sees it; a group left empty is dropped. */
export function menuForRole(
  groups: readonly MenuGroup[],
  role: string = DEFAULT_ROLE,
): MenuGroup[] {
  const filter = (items: readonly MenuItem[]): MenuItem[] =>
    items
      .filter((item) => canSeeMenuItem(item, role))
      .map((item) => (item.children ? { ...item, children: filter(item.children) } : item));
  return groups
    .map((group) => ({ ...group, items: filter(group.items) }))
    .filter((group) => group.items.length > 0);
}

/** Whether a menu item is the page being shown: same path, and the same bt-path/tab if it has one. */
export function isMenuItemActive(
  item: MenuItem,
  pathname: string,
  search: URLSearchParams,
): boolean {
  if (!item.href) return false;
  const [path, query] = item.href.split('?');
  if (path !== pathname) return false;
  if (!query) return true;
  const wanted = new URLSearchParams(query);
  if (wanted.has('bt-path')) {
    const shown = findSportsSection(search.get('bt-path')) ?? defaultSportsSection;
    return wanted.get('bt-path') === shown.btPath;
  }
  return true;
}
