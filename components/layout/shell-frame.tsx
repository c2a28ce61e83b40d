'use client';

import dynamic from 'next/dynamic';
import type { ReactNode } from 'react';
import { usePathname } from '@/lib/i18n/navigation';
import { hidesFooterOnSmallScreens, isBare404Path, isSportsDetailPath } from '@/lib/site/paths';
import { Sidebar } from '@/components/layout/nav/sidebar';
import { useSession } from '@/components/session/session-context';
import { useSettings } from '@/components/settings/settings-context';
import { useOpenedOnce } from '@/components/ui/use-opened-once';
import { useShell } from './shell-context';
import styles from './shell-frame.module.css';

// Only a session opened during a break (balance and withdrawals only) loads its banner.
const RestrictionBanner = dynamic(() => import('@/components/protection/restriction-notice'), {
  ssr: false,
});
const SearchDialog = dynamic(() => import('@/components/search/search-dialog'), { ssr: false });
// The phone's menu drawer loads when first opened; the top menu only for the horizontal layout.
const MobileNav = dynamic(
  () => import('@/components/layout/nav/mobile-nav').then((m) => m.MobileNav),
  { ssr: false },
);
const NavHorizontal = dynamic(() =>
  import('@/components/layout/nav/nav-horizontal').then((m) => m.NavHorizontal),
);

type Props = {
  header: ReactNode;
  footer: ReactNode;
  bottomBar: ReactNode;
  panels: ReactNode;
  children: ReactNode;
};

/**
 * Arranges the shell for the layout setting: side menu (vertical or mini) or a top menu, the page,
 * the footer (hidden on phones on game pages) and the phone's bottom bar.
 */
export function ShellFrame({ header, footer, bottomBar, panels, children }: Props) {
  const { settings } = useSettings();
  const pathname = usePathname();
  const { searchOpen, setSearchOpen, navOpen } = useShell();
  const navOpened = useOpenedOnce(navOpen);
  const horizontal = settings.themeLayout === 'horizontal';
  const sportsDetail = isSportsDetailPath(pathname);
  const session = useSession();

  // A path containing 404 is a full-screen title without the shell (spec §2); a first load never
  // gets here (the layout answers it), an in-app navigation to one does.
  if (isBare404Path(pathname)) return children;

  return (
    <>
      {header}
      {horizontal && (
        <div className={styles.topMenu}>
          <NavHorizontal />
        </div>
      )}
      <div className={styles.body} data-layout={settings.themeLayout}>
        {!horizontal && <Sidebar />}
        <div className={styles.column}>
          <main
            id="main-content"
            tabIndex={-1}
            className={styles.main}
            data-sports-detail={sportsDetail || undefined}
          >
            {session.restrictedSession && (
              <RestrictionBanner restriction={session.restriction ?? null} />
            )}
            {children}
          </main>
          <div
            className={styles.footerSlot}
            data-testid="footer-slot"
            data-hide-small={hidesFooterOnSmallScreens(pathname) || undefined}
          >
            {footer}
          </div>
        </div>
      </div>
      {bottomBar}
      {navOpened && <MobileNav />}
      {panels}
      {searchOpen && <SearchDialog onClose={() => setSearchOpen(false)} />}
    </>
  );
}
