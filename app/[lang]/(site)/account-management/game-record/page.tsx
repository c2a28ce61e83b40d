import type { Metadata } from 'next';
import { AccountPage, accountPageMetadata } from '@/components/account/account-page';
import { GameRecordTable } from '@/components/originals/game-record-table';
import { OriginalsMessages } from '@/components/originals/originals-messages';

type Props = { params: Promise<{ lang: string }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return accountPageMetadata(params, 'gameRecord');
}

export default function GameRecordPage({ params }: Props) {
  return (
    <AccountPage params={params} page="gameRecord">
      <OriginalsMessages>
        <GameRecordTable />
      </OriginalsMessages>
    </AccountPage>
  );
}
