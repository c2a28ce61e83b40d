import type { Metadata } from 'next';
import { AccountPage, accountPageMetadata } from '@/components/account/account-page';
import { LazyMessages } from '@/components/i18n/lazy-messages';
import { TransactionsTable } from '@/components/wallet/transactions-table';

type Props = { params: Promise<{ lang: string }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return accountPageMetadata(params, 'transactions');
}

export default function TransactionsPage({ params }: Props) {
  return (
    <AccountPage params={params} page="transactions">
      <LazyMessages namespaces={['wallet']}>
        <TransactionsTable />
      </LazyMessages>
    </AccountPage>
  );
}
