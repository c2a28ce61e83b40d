import type { Metadata } from 'next';
import Stack from '@mui/material/Stack';
import { ChangePasswordCard } from '@/components/account/change-password-card';
import { SessionsCard } from '@/components/account/sessions-card';
import { SignInAlertsCard } from '@/components/account/sign-in-alerts-card';
import { SignInHistoryCard } from '@/components/account/sign-in-history-card';
import { SignInMethodsCard } from '@/components/account/sign-in-methods-card';
import { TwoFactorCard } from '@/components/account/two-factor-card';
import { AccountPage, accountPageMetadata } from '@/components/account/account-page';
import { LazyMessages } from '@/components/i18n/lazy-messages';

type Props = { params: Promise<{ lang: string }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return accountPageMetadata(params, 'security');
}

export default function SecurityPage({ params }: Props) {
  return (
    <AccountPage params={params} page="security">
      <LazyMessages namespaces={['security']}>
        <Stack spacing={3}>
          <ChangePasswordCard />
          <TwoFactorCard />
          <SessionsCard />
          <SignInAlertsCard />
          <SignInHistoryCard />
          <SignInMethodsCard />
        </Stack>
      </LazyMessages>
    </AccountPage>
  );
}
