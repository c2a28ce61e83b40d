import type { Metadata } from 'next';
import { AccountPage, accountPageMetadata } from '@/components/account/account-page';
import { AccountSettingsForm } from '@/components/account/account-settings-form';

type Props = { params: Promise<{ lang: string }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return accountPageMetadata(params, 'settings');
}

export default function SettingsPage({ params }: Props) {
  return (
    <AccountPage params={params} page="settings">
      <AccountSettingsForm />
    </AccountPage>
  );
}
