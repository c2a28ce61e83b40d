import { pageLocale } from '@/lib/i18n/page-locale';
import { slotsTabs, pickTab } from '@/lib/site/paths';
import { pageTab } from '@/lib/site/modals';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { GameLobbyFrame } from '@/components/page/game-lobby-frame';

type Props = {
  params: Promise<{ lang: string }>;
  searchParams: Promise<{ tab?: string; ptab?: string; modal?: string }>;
};

export const generateMetadata = ({ params }: Props) => pageMetadata(params, '/slots', 'slots');

export default async function SlotsPage({ params, searchParams }: Props) {
  await pageLocale(params);
  const tab = pickTab(slotsTabs, pageTab(await searchParams));
  return <GameLobbyFrame section="slots" tabs={slotsTabs} current={tab} />;
}
