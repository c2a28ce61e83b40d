'use client';

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, type ReactNode } from 'react';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { authTabs, modalHref, type ModalName } from '@/lib/site/modals';
import { useSession } from './session-context';

type Props = {
  /** authRequired for account pages (closing goes home); auth for crypto (spec §2). */
  modal: Extract<ModalName, 'auth' | 'authRequired'>;
  children: ReactNode;
};

/** Player-only content: a guest is sent to the sign-in modal and sees why instead of the content. */
export function RequireAuth({ modal, children }: Props) {
  const t = useTranslations('auth');
  const { status, leaving } = useSession();
  const pathname = usePathname();
  const search = useSearchParams();
  const router = useRouter();
  const params = modal === 'auth' ? { tab: authTabs.signIn } : undefined;
  const target = modalHref(pathname, new URLSearchParams(search.toString()), modal, params);
  // Another modal (reset password, wallet help) may be open over the page: leave it be.
  const asking = search.has('modal');

  useEffect(() => {
    if (status === 'unauthenticated' && !asking && !leaving) {
      router.replace(target, { scroll: false });
    }
  }, [asking, leaving, router, status, target]);

  if (status === 'authenticated') return <>{children}</>;
  return (
    <Stack spacing={2} sx={{ py: 6, alignItems: 'flex-start' }} data-testid="sign-in-required">
      <Typography variant="h3" component="p">
        {t('requiredTitle')}
      </Typography>
      <Typography color="text.secondary">{t('requiredNote')}</Typography>
      {status === 'unauthenticated' && (
        <Button variant="header" onClick={() => router.replace(target, { scroll: false })}>
          {t('signIn')}
        </Button>
      )}
    </Stack>
  );
}
