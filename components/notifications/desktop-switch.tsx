'use client';

import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useNotify } from '@/components/layout/notice-context';
import {
  desktopState,
  turnOffDesktop,
  turnOnDesktop,
  type DesktopState,
} from '@/lib/notifications/desktop';

/**
 * The drawer's "desktop notifications" switch. The browser is asked for its permission only when
 * the player turns this on (a gesture); a refused permission can only be changed in the browser,
 * which the hint says. Not drawn where the browser has no notifications.
 */
export function DesktopSwitch() {
  const t = useTranslations('notifications');
  const tErrors = useTranslations('errors');
  const notify = useNotify();
  const [state, setState] = useState<DesktopState>(desktopState);
  if (state === 'unsupported') return null;

  const onChange = (on: boolean) => {
    if (!on) return setState(turnOffDesktop());
    turnOnDesktop()
      .then(setState)
      .catch(() => notify(tErrors('anErrorOccurred'), 'error'));
  };

  return (
    <Stack sx={{ px: 2, pb: 1 }}>
      <FormControlLabel
        control={
          <Switch
            checked={state === 'on'}
            disabled={state === 'blocked'}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': 'desktop-notifications-hint' } }}
          />
        }
        label={t('desktop')}
      />
      <FormHelperText id="desktop-notifications-hint" sx={{ mt: 0 }}>
        {state === 'blocked' ? t('desktopBlocked') : t('desktopHint')}
      </FormHelperText>
    </Stack>
  );
}
