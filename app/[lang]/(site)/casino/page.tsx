import { pageLocale } from '@/lib/i18n/page-locale';
import { casinoTabs, pickTab } from '@/lib/site/paths';
import { pageTab } from '@/lib/site/modals';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { GameLobbyFrame } from '@/components/page/game-lobby-frame';

type Props = {
  params: Promise<{ lang: string }>;
  searchParams: Promise<{ tab?: string; ptab?: string; modal?: string }>;
};

export const generateMetadata = ({ params }: Props) => pageMetadata(params, '/casino', 'casino');

export default async function CasinoPage({ params, searchParams }: Props) {
  await pageLocale(params);
  const tab = pickTab(casinoTabs, pageTab(await searchParams));
  return <GameLobbyFrame section="casino" tabs={casinoTabs} current={tab} />;
}
