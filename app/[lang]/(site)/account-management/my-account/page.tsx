import type { Metadata } from 'next';
import { AccountPage, accountPageMetadata } from '@/components/account/account-page';
import { MyAccountView } from '@/components/account/my-account/my-account-view';
import { LazyMessages } from '@/components/i18n/lazy-messages';

type Props = { params: Promise<{ lang: string }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return accountPageMetadata(params, 'myAccount');
}

export default function MyAccountPage({ params }: Props) {
  return (
    <AccountPage params={params} page="myAccount">
      <LazyMessages namespaces={['myAccount']}>
        <MyAccountView />
      </LazyMessages>
    </AccountPage>
  );
}
