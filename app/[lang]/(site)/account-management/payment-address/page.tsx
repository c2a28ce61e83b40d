import type { Metadata } from 'next';
import { AccountPage, accountPageMetadata } from '@/components/account/account-page';
import { LazyMessages } from '@/components/i18n/lazy-messages';
import { AddressBook } from '@/components/wallet/address-book';

type Props = { params: Promise<{ lang: string }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return accountPageMetadata(params, 'paymentAddress');
}

export default function PaymentAddressPage({ params }: Props) {
  return (
    <AccountPage params={params} page="paymentAddress">
      <LazyMessages namespaces={['wallet']}>
        <AddressBook />
      </LazyMessages>
    </AccountPage>
  );
}
