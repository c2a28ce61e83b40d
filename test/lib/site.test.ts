import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_ROLE,
  canSeeMenuItem,
  isMenuItemActive,
  menuForRole,
  type MenuGroup,
  type MenuItem,
} from '@/lib/site/menu';
import { closeTarget, decideModal, modalHref, pageTab, withoutModal } from '@/lib/site/modals';
import {
  accountHref,
  accountPages,
  casinoTabs,
  hidesFooterOnSmallScreens,
  isBare404Path,
  isCryptoPath,
  isSportsDetailPath,
  normalizePath,
  pickTab,
  toPathSegments,
} from '@/lib/site/paths';

const q = (s: string) => new URLSearchParams(s);

describe('paths helper (spec §9)', () => {
  it('splits on slashes and hyphenates camelCase segments in lower case', () => {
    expect(toPathSegments('/accountManagement/gameRecord/')).toEqual([
      'account-management',
      'game-record',
    ]);
    expect(normalizePath('vipClub')).toBe('/vip-club');
    expect(toPathSegments('//casino///x')).toEqual(['casino', 'x']);
  });

  it('falls back to the lobby for a missing or unknown tab', () => {
    expect(pickTab(casinoTabs, 'roulette')).toBe('roulette');
    expect(pickTab(casinoTabs, 'bingo')).toBe('lobby');
    expect(pickTab(casinoTabs, undefined)).toBe('lobby');
  });

  it('knows the path rules of the shell', () => {
    expect(isCryptoPath('/crypto/futures')).toBe(true);
    expect(isCryptoPath('/cryptonite')).toBe(false);
    expect(hidesFooterOnSmallScreens('/casino')).toBe(true);
    expect(hidesFooterOnSmallScreens('/providers/pragmatic')).toBe(true);
    expect(hidesFooterOnSmallScreens('/promotions')).toBe(false);
    expect(isSportsDetailPath('/sports/soccer-1')).toBe(true);
    expect(isSportsDetailPath('/sports')).toBe(false);
    expect(isBare404Path('/casino/404')).toBe(true);
    expect(isBare404Path('/page-404-x')).toBe(true);
    expect(isBare404Path('/casino')).toBe(false);
  });

  it('has a route folder for every account page the menu lists; /referral leads to its dashboard', () => {
    const root = path.join(process.cwd(), 'app/[lang]/(site)');
    const folders = accountPages.map((page) =>
      existsSync(path.join(root, accountHref(page), 'page.tsx')),
    );
    expect(folders).toEqual(accountPages.map(() => true));
    // Not a page of its own: a redirect to referral/dashboard (issue 32).
    const referral = path.join(root, 'account-management/referral/page.tsx');
    expect(readFileSync(referral, 'utf8')).toContain("'/account-management/referral/dashboard'");
  });
});

describe('menu roles (spec §6)', () => {
  const groups: MenuGroup[] = [
    {
      key: 'betting',
      items: [
        { key: 'casino', href: '/a' },
        { key: 'slots', href: '/b', roles: ['admin'] },
        { key: 'racing', href: '/c', roles: ['agent'], children: [] },
        {
          key: 'sports',
          href: '/d',
          children: [{ key: 'sport.soccer', href: '/e', roles: ['agent'] }],
        },
      ],
    },
    { key: 'info', items: [{ key: 'help', href: '/f', roles: ['agent'] }] },
  ];

  it('filters by the current role, admin by default, and drops empty groups', () => {
    expect(DEFAULT_ROLE).toBe('admin');
    const asAdmin = menuForRole(groups);
    expect(asAdmin.map((g) => g.key)).toEqual(['betting']);
    expect(asAdmin[0]!.items.map((i) => i.key)).toEqual(['casino', 'slots', 'sports']);
    expect(asAdmin[0]!.items[2]!.children).toEqual([]);
    const asAgent = menuForRole(groups, 'agent');
    expect(asAgent[0]!.items.map((i) => i.key)).toEqual(['casino', 'racing', 'sports']);
    expect(asAgent[1]!.items.map((i) => i.key)).toEqual(['help']);
    expect(canSeeMenuItem({})).toBe(true);
  });

  it('marks live as the active sport when /sports has no bt-path', () => {
    const live: MenuItem = { key: 'sport.live', href: '/sports?bt-path=%2Flive' };
    expect(isMenuItemActive(live, '/sports', q(''))).toBe(true);
    expect(isMenuItemActive(live, '/sports', q('bt-path=/nope'))).toBe(true);
    expect(isMenuItemActive(live, '/sports', q('bt-path=/tennis-5'))).toBe(false);
  });

  it('marks the sport of the bt-path as active, not its neighbours', () => {
    const soccer: MenuItem = { key: 'sport.soccer', href: '/sports?bt-path=%2Fsoccer-1' };
    expect(isMenuItemActive(soccer, '/sports', q('bt-path=/soccer-1'))).toBe(true);
    expect(isMenuItemActive(soccer, '/sports', q('bt-path=/tennis-5'))).toBe(false);
    expect(
      isMenuItemActive({ key: 'casino', href: '/casino?tab=lobby' }, '/casino', q('tab=roulette')),
    ).toBe(true);
  });
});

describe('modal rules (spec §2)', () => {
  it('builds and strips modal addresses, the modal tab replacing the page tab', () => {
    // The page's own tab waits in ptab while the modal uses tab, and comes back on close.
    expect(modalHref('/casino', q('tab=roulette&x=1'), 'auth', { tab: '2' })).toBe(
      '/casino?x=1&ptab=roulette&modal=auth&tab=2',
    );
    expect(modalHref('/casino', q('ptab=roulette&modal=auth&tab=2'), 'auth', { tab: '1' })).toBe(
      '/casino?ptab=roulette&modal=auth&tab=1',
    );
    expect(withoutModal('/casino', q('x=1&ptab=roulette&modal=auth&tab=2'))).toBe(
      '/casino?x=1&tab=roulette',
    );
    expect(withoutModal('/casino', q('x=1&modal=auth&tab=2'))).toBe('/casino?x=1');
    expect(pageTab({ modal: 'auth', tab: '1', ptab: 'roulette' })).toBe('roulette');
    expect(pageTab({ tab: 'roulette' })).toBe('roulette');
    expect(withoutModal('/casino', q('tab=roulette'))).toBe('/casino?tab=roulette');
  });

  it('sends signed-in players away from auth and reset-password, guests from the wallet', () => {
    expect(decideModal('/x', q('modal=auth&tab=1'), 'authenticated')).toEqual({
      kind: 'redirect',
      href: '/x',
    });
    expect(decideModal('/x', q('modal=reset-password&step=code'), 'authenticated')).toEqual({
      kind: 'redirect',
      href: '/x',
    });
    expect(decideModal('/x', q('modal=wallet&tab=deposit'), 'unauthenticated')).toEqual({
      kind: 'redirect',
      href: '/x?modal=auth&tab=1',
    });
    expect(decideModal('/x', q('modal=wallet&tab=deposit'), 'authenticated')).toEqual({
      kind: 'show',
      modal: 'wallet',
    });
    expect(decideModal('/x', q('modal=auth'), 'unauthenticated')).toEqual({
      kind: 'show',
      modal: 'auth',
    });
    expect(decideModal('/x', q('modal=auth'), 'loading')).toEqual({ kind: 'none' });
    expect(decideModal('/x', q('modal=bogus'), 'unauthenticated')).toEqual({ kind: 'none' });
  });

  it('closes to the previous page, to home from a crypto page, and authRequired to home', () => {
    expect(closeTarget('auth', '/casino', q('modal=auth&tab=1'), true)).toEqual({ kind: 'back' });
    expect(closeTarget('auth', '/casino', q('modal=auth&tab=1'), false)).toEqual({
      kind: 'replace',
      href: '/casino',
    });
    expect(closeTarget('auth', '/crypto/futures', q('modal=auth&tab=1'), true)).toEqual({
      kind: 'replace',
      href: '/',
    });
    expect(closeTarget('wallet', '/crypto/futures', q('modal=wallet'), true)).toEqual({
      kind: 'back',
    });
    expect(closeTarget('authRequired', '/bonus', q('modal=authRequired'), true)).toEqual({
      kind: 'replace',
      href: '/',
    });
  });
});
