'use client';

import Box from '@mui/material/Box';
import dynamic from 'next/dynamic';
import type { ReactNode } from 'react';
import { usePathname } from '@/lib/i18n/navigation';
import { hidesFooterOnSmallScreens, isSportsDetailPath } from '@/lib/navigation/paths';
import { shellMedia } from '@/lib/theme/theme-config';
import { BOTTOM_BAR_HEIGHT } from '@/components/layout/bottom-bar/bottom-bar';
import { Sidebar } from '@/components/layout/nav/sidebar';
import { useSettings } from '@/components/settings/settings-context';
import { useOpenedOnce } from '@/components/ui/use-opened-once';
import { useShell } from './shell-context';

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

  return (
    <>
      {header}
      {horizontal && (
        <Box sx={{ display: 'none', [shellMedia.desktop]: { display: 'block' } }}>
          <NavHorizontal />
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-start' }} data-layout={settings.themeLayout}>
        {!horizontal && <Sidebar />}
        <Box
          sx={{ flexGrow: 1, minWidth: 0, [shellMedia.small]: { pb: `${BOTTOM_BAR_HEIGHT}px` } }}
        >
          <Box
            component="main"
            id="main-content"
            tabIndex={-1}
            data-sports-detail={sportsDetail || undefined}
            sx={{ outline: 'none', mt: sportsDetail ? 0 : { xs: 2, md: 3 } }}
          >
            {children}
          </Box>
          <Box
            data-testid="footer-slot"
            sx={
              hidesFooterOnSmallScreens(pathname)
                ? { [shellMedia.small]: { display: 'none' } }
                : undefined
            }
          >
            {footer}
          </Box>
        </Box>
      </Box>
      {bottomBar}
      {navOpened && <MobileNav />}
      {panels}
      {searchOpen && <SearchDialog onClose={() => setSearchOpen(false)} />}
    </>
  );
}
