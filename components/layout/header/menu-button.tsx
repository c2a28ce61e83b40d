'use client';

import MenuIcon from '@mui/icons-material/Menu';
import IconButton from '@mui/material/IconButton';
import { useTranslations } from 'next-intl';
import { shellMedia } from '@/lib/theme/theme-config';
import { useShell } from '@/components/shell/shell-context';

/** Opens the side menu's drawer where the screen is too narrow to keep it open. */
export function MenuButton() {
  const t = useTranslations('nav');
  const { setNavOpen } = useShell();
  return (
    <IconButton
      aria-label={t('openMenu')}
      onClick={() => setNavOpen(true)}
      data-testid="menu-button"
      sx={{ [shellMedia.desktop]: { display: 'none' } }}
    >
      <MenuIcon />
    </IconButton>
  );
}
