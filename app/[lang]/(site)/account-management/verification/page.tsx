import type { Metadata } from 'next';
import { AccountPage, accountPageMetadata } from '@/components/account/account-page';
import { LazyMessages } from '@/components/i18n/lazy-messages';
import { VerificationView } from '@/components/verification/verification-view';

type Props = { params: Promise<{ lang: string }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return accountPageMetadata(params, 'verification');
}

export default function VerificationPage({ params }: Props) {
  return (
    <AccountPage params={params} page="verification">
      <LazyMessages namespaces={['verification']}>
        <VerificationView />
      </LazyMessages>
    </AccountPage>
  );
}
