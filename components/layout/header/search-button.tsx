'use client';

import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { useShell } from '@/components/shell/shell-context';

/** The header's search button; Cmd+K / Ctrl+K opens the same dialog from anywhere (spec §2). */
export function SearchButton() {
  const t = useTranslations('search');
  const { setSearchOpen } = useShell();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setSearchOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setSearchOpen]);

  return (
    <Button
      variant="headerSecondary"
      onClick={() => setSearchOpen(true)}
      aria-label={t('open')}
      aria-keyshortcuts="Meta+K Control+K"
      data-testid="search-button"
      sx={{ minWidth: 40, px: { xs: 1, md: 2 } }}
    >
      <SearchIcon fontSize="small" />
      <Box component="span" sx={{ ml: 1, display: { xs: 'none', md: 'inline' } }}>
        {t('placeholder')}
      </Box>
    </Button>
  );
}
