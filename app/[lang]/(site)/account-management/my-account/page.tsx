import type { Metadata } from 'next';
import { ProfileSummary } from '@/components/account/profile-summary';
import { AccountPage, accountPageMetadata } from '@/components/account/account-page';

type Props = { params: Promise<{ lang: string }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return accountPageMetadata(params, 'myAccount');
}

export default function MyAccountPage({ params }: Props) {
  return (
    <AccountPage params={params} page="myAccount">
      <ProfileSummary />
    </AccountPage>
  );
}
