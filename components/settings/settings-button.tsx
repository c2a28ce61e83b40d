'use client';

import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { SxProps, Theme } from '@mui/material/styles';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useSettings } from './settings-context';

// The drawer's code loads the first time a player opens it.
const SettingsDrawer = dynamic(() => import('./settings-drawer').then((m) => m.SettingsDrawer), {
  ssr: false,
});

/** Opens the display settings; `sx` lets the header hide it where the phone menu offers it instead. */
export function SettingsButton({
  sx,
  testId = 'settings-button',
}: {
  sx?: SxProps<Theme>;
  testId?: string;
}) {
  const t = useTranslations('header');
  const { drawerOpen, setDrawerOpen } = useSettings();
  return (
    <>
      <IconButton
        aria-label={t('openSettings')}
        onClick={() => setDrawerOpen(true)}
        data-testid={testId}
        sx={sx}
      >
        <Box
          component="svg"
          viewBox="0 0 24 24"
          aria-hidden
          sx={{ width: 22, height: 22, fill: 'currentColor' }}
        >
          <path d="M19.14 12.94a7.5 7.5 0 0 0 .05-.94 7.5 7.5 0 0 0-.05-.94l2.03-1.58a.5.5 0 0 0 .12-.64l-1.92-3.32a.5.5 0 0 0-.61-.22l-2.39.96a7.03 7.03 0 0 0-1.62-.94l-.36-2.54A.5.5 0 0 0 13.9 2h-3.84a.5.5 0 0 0-.49.42l-.36 2.54c-.58.24-1.12.56-1.62.94l-2.39-.96a.5.5 0 0 0-.61.22L2.67 8.48a.5.5 0 0 0 .12.64l2.03 1.58a7.5 7.5 0 0 0 0 1.88l-2.03 1.58a.5.5 0 0 0-.12.64l1.92 3.32c.13.22.39.31.61.22l2.39-.96c.5.38 1.04.7 1.62.94l.36 2.54c.04.24.25.42.49.42h3.84c.24 0 .45-.18.49-.42l.36-2.54c.58-.24 1.12-.56 1.62-.94l2.39.96c.22.09.48 0 .61-.22l1.92-3.32a.5.5 0 0 0-.12-.64zM12 15.5A3.5 3.5 0 1 1 12 8.5a3.5 3.5 0 0 1 0 7z" />
        </Box>
      </IconButton>
      {drawerOpen && <SettingsDrawer />}
    </>
  );
}
