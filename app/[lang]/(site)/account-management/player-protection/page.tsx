import type { Metadata } from 'next';
import { AccountPage, accountPageMetadata } from '@/components/account/account-page';
import { LazyMessages } from '@/components/i18n/lazy-messages';
import { ProtectionView } from '@/components/protection/protection-view';

type Props = { params: Promise<{ lang: string }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return accountPageMetadata(params, 'protection');
}

export default function PlayerProtectionPage({ params }: Props) {
  return (
    <AccountPage params={params} page="protection">
      <LazyMessages namespaces={['protection']}>
        <ProtectionView />
      </LazyMessages>
    </AccountPage>
  );
}
