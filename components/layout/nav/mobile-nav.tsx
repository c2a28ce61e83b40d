'use client';

import Box from '@mui/material/Box';
import SettingsIcon from '@mui/icons-material/Settings';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTranslations } from 'next-intl';
import { themeConfig } from '@/lib/theme/theme-config';
import { PanelDrawer } from '@/components/ui/panel-drawer';
import { LanguagePicker } from '@/components/language/language-picker';
import { useSettings } from '@/components/settings/settings-context';
import { useShell } from '@/components/layout/shell-context';
import { UtcClock } from '../utc-clock';
import { NavVertical } from './nav-vertical';

/** The side menu in a drawer, for screens too narrow to keep it open. */
export function MobileNav() {
  const t = useTranslations('header');
  const { navOpen, setNavOpen } = useShell();
  const { setDrawerOpen } = useSettings();
  return (
    <PanelDrawer
      open={navOpen}
      onClose={() => setNavOpen(false)}
      testId="mobile-nav"
      paperSx={{ width: themeConfig.sidebarWidth.vertical, backgroundImage: 'none' }}
    >
      <Box sx={{ flexGrow: 1, overflowY: 'auto', pt: 1 }}>
        <NavVertical />
      </Box>
      <Stack
        spacing={1}
        sx={{ p: 1.5, borderTop: 1, borderColor: 'divider', alignItems: 'flex-start' }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <LanguagePicker testId="menu-language-picker" />
          <IconButton
            aria-label={t('openSettings')}
            data-testid="menu-settings-button"
            onClick={() => {
              setNavOpen(false);
              setDrawerOpen(true);
            }}
          >
            <SettingsIcon />
          </IconButton>
        </Stack>
        <UtcClock />
      </Stack>
    </PanelDrawer>
  );
}
