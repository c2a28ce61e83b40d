'use client';

import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { shellMedia, themeConfig } from '@/lib/theme/theme-config';
import { LanguagePicker } from '@/components/language/language-picker';
import { useSettings } from '@/components/settings/settings-context';
import { UtcClock } from '../utc-clock';
import { NavVertical } from './nav-vertical';

const { headerHeight, sidebarWidth } = themeConfig;

// Tooltips (and Popper) only for players who chose the mini menu.
const NavMini = dynamic(() => import('./nav-mini').then((m) => m.NavMini));

/** The desktop side menu, vertical (260) or mini (88); the toggle is remembered with the settings. */
export function Sidebar() {
  const t = useTranslations('nav');
  const { settings, update } = useSettings();
  const mini = settings.themeLayout === 'mini';
  const flip = (icon: 'left' | 'right') =>
    icon === 'left' ? <ChevronLeftIcon /> : <ChevronRightIcon />;

  return (
    <Box
      component="aside"
      data-testid="sidebar"
      data-layout={mini ? 'mini' : 'vertical'}
      sx={{
        display: 'none',
        [shellMedia.desktop]: { display: 'flex' },
        flexDirection: 'column',
        flexShrink: 0,
        width: mini ? sidebarWidth.mini : sidebarWidth.vertical,
        position: 'sticky',
        top: { xs: headerHeight.mobile, sm: headerHeight.desktop },
        height: {
          xs: `calc(100vh - ${headerHeight.mobile}px)`,
          sm: `calc(100vh - ${headerHeight.desktop}px)`,
        },
        borderInlineEnd: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        transition: 'width 150ms ease',
      }}
    >
      <Stack direction="row" sx={{ justifyContent: mini ? 'center' : 'flex-end', px: 1, pt: 1 }}>
        <IconButton
          size="small"
          aria-label={mini ? t('expandMenu') : t('collapseMenu')}
          onClick={() => update({ themeLayout: mini ? 'vertical' : 'mini' })}
          data-testid="sidebar-toggle"
          // In a right-to-left page the chevrons point the other way.
          sx={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }}
        >
          {flip(mini ? 'right' : 'left')}
        </IconButton>
      </Stack>
      <Box sx={{ flexGrow: 1, overflowY: 'auto', overflowX: 'hidden' }}>
        {mini ? <NavMini /> : <NavVertical />}
      </Box>
      <Stack
        spacing={1}
        sx={{
          p: 1.5,
          borderTop: 1,
          borderColor: 'divider',
          alignItems: mini ? 'center' : 'flex-start',
        }}
      >
        <LanguagePicker testId="menu-language-picker" />
        <UtcClock />
      </Stack>
    </Box>
  );
}
