'use client';

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslations } from 'next-intl';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import { authTabs } from '@/lib/navigation/modals';
import { markModalOpenedInApp, useModal } from '@/components/modals/use-modal';

// Both buttons fit a 360 px phone on one line each.
const compact = {
  whiteSpace: 'nowrap',
  minWidth: 0,
  px: { xs: 1.25, sm: 2 },
  fontSize: { xs: '0.8125rem', sm: '0.875rem' },
} as const;

/** Signed out: sign in (tab=1) and sign up (tab=2), real links to the auth modal's address. */
export function AuthButtons() {
  const t = useTranslations('auth');
  const { hrefFor } = useModal();
  return (
    <Stack direction="row" spacing={{ xs: 0.5, sm: 1 }}>
      <Button
        variant="headerSecondary"
        component={IntlLink}
        href={hrefFor('auth', { tab: authTabs.signIn })}
        scroll={false}
        onClick={markModalOpenedInApp}
        data-testid="sign-in-button"
        sx={compact}
      >
        {t('signIn')}
      </Button>
      <Button
        variant="header"
        component={IntlLink}
        href={hrefFor('auth', { tab: authTabs.signUp })}
        scroll={false}
        onClick={markModalOpenedInApp}
        data-testid="sign-up-button"
        sx={compact}
      >
        {t('signUp')}
      </Button>
    </Stack>
  );
}
