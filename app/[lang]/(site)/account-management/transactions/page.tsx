import type { Metadata } from 'next';
import { AccountPage, accountPageMetadata } from '@/components/account/account-page';

type Props = { params: Promise<{ lang: string }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return accountPageMetadata(params, 'transactions');
}

export default function TransactionsPage({ params }: Props) {
  return <AccountPage params={params} page="transactions" />;
}
