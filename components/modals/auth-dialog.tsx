'use client';

import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';
import { authTabs } from '@/lib/navigation/modals';
import { ModalFrame } from './modal-frame';
import { useModal } from './use-modal';
import type { ModalProps } from './registry';

/** Sign in (tab=1) and sign up (tab=2). The forms inside are the sign-in work's. */
export default function AuthDialog({ name }: ModalProps) {
  const t = useTranslations('auth');
  const search = useSearchParams();
  const router = useRouter();
  const { close, hrefFor } = useModal();
  const tab = search.get('tab') === authTabs.signUp ? authTabs.signUp : authTabs.signIn;
  const required = name === 'authRequired';

  return (
    <ModalFrame
      title={tab === authTabs.signUp ? t('signUpTitle') : t('signInTitle')}
      onClose={() => close(name)}
      dismissible={!required}
      testId="auth-dialog"
    >
      <Tabs
        value={tab}
        variant="fullWidth"
        onChange={(_e, value: string) =>
          router.replace(hrefFor(name, { tab: value }), { scroll: false })
        }
        sx={{ mb: 2 }}
      >
        <Tab value={authTabs.signIn} label={t('signIn')} />
        <Tab value={authTabs.signUp} label={t('signUp')} />
      </Tabs>
      <Stack spacing={1} role="tabpanel" data-tab={tab}>
        {required && (
          <Typography variant="body2" data-testid="auth-required-note">
            {t('requiredNote')}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {tab === authTabs.signUp ? t('signUpIntro') : t('signInIntro')}
        </Typography>
      </Stack>
    </ModalFrame>
  );
}
