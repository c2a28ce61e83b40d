import type { Metadata } from 'next';
import { AccountPage, accountPageMetadata } from '@/components/account/account-page';
import { ProtectionView } from '@/components/protection/protection-view';

type Props = { params: Promise<{ lang: string }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return accountPageMetadata(params, 'protection');
}

export default function PlayerProtectionPage({ params }: Props) {
  return (
    <AccountPage params={params} page="protection">
      <ProtectionView />
    </AccountPage>
  );
}
