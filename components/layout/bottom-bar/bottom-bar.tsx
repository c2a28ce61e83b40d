'use client';

import CasinoIcon from '@mui/icons-material/Casino';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import MenuIcon from '@mui/icons-material/Menu';
import SportsSoccerIcon from '@mui/icons-material/SportsSoccer';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Link as IntlLink, usePathname } from '@/lib/i18n/navigation';
import { accountHref, accountPages, sportsHref } from '@/lib/navigation/paths';
import type { BettingCard } from '@/lib/content/schemas';
import { shellMedia } from '@/lib/theme/theme-config';
import { useShell } from '@/components/shell/shell-context';
import { useOpenedOnce } from '@/components/ui/use-opened-once';

// The casino drawer loads when first opened.
const CasinoDrawer = dynamic(() => import('./casino-drawer').then((m) => m.CasinoDrawer), {
  ssr: false,
});

/** Height of the bar; the page keeps this much room at its bottom on phones. */
export const BOTTOM_BAR_HEIGHT = 64;

/** The phone's bottom bar (below 640 px): menu, sports, casino, earn, live support (spec §2). */
export function BottomBar({ cards }: { cards: BettingCard[] | null }) {
  const t = useTranslations('bottomBar');
  const pathname = usePathname();
  const { setNavOpen, setSupportOpen } = useShell();
  const [casinoOpen, setCasinoOpen] = useState(false);
  const casinoOpened = useOpenedOnce(casinoOpen);
  const current = pathname.startsWith('/sports')
    ? 'sports'
    : pathname.startsWith('/account-management/referral')
      ? 'earn'
      : casinoOpen || pathname.startsWith('/casino')
        ? 'casino'
        : null;

  return (
    <>
      <Paper
        component="nav"
        aria-label={t('label')}
        elevation={8}
        data-testid="bottom-bar"
        sx={{
          display: 'none',
          [shellMedia.small]: { display: 'block' },
          position: 'fixed',
          insetInline: 0,
          bottom: 0,
          zIndex: 'appBar',
          pb: 'env(safe-area-inset-bottom)',
        }}
      >
        <BottomNavigation
          showLabels
          value={current}
          sx={{
            height: BOTTOM_BAR_HEIGHT,
            // Five labels in any language on a 360 px phone: one line each, small type.
            '& .MuiBottomNavigationAction-root': { minWidth: 0, px: 0.5 },
            '& .MuiBottomNavigationAction-label, & .MuiBottomNavigationAction-label.Mui-selected': {
              fontSize: 11,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              maxWidth: '100%',
            },
          }}
        >
          <BottomNavigationAction
            label={t('menu')}
            icon={<MenuIcon />}
            onClick={() => setNavOpen(true)}
            data-testid="bottom-menu"
          />
          <BottomNavigationAction
            value="sports"
            label={t('sports')}
            icon={<SportsSoccerIcon />}
            component={IntlLink}
            href={sportsHref('/live')}
          />
          <BottomNavigationAction
            value="casino"
            label={t('casino')}
            icon={<CasinoIcon />}
            onClick={() => setCasinoOpen(true)}
            aria-haspopup="dialog"
            data-testid="bottom-casino"
          />
          <BottomNavigationAction
            value="earn"
            label={t('earn')}
            icon={<GroupAddIcon />}
            component={IntlLink}
            href={accountHref(accountPages[1])}
          />
          <BottomNavigationAction
            label={t('support')}
            icon={<SupportAgentIcon />}
            onClick={() => setSupportOpen(true)}
            data-testid="bottom-support"
          />
        </BottomNavigation>
      </Paper>
      {casinoOpened && (
        <CasinoDrawer open={casinoOpen} onClose={() => setCasinoOpen(false)} cards={cards} />
      )}
    </>
  );
}
