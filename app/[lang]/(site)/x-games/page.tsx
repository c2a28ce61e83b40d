import { pageLocale } from '@/lib/i18n/page-locale';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { InfoPageView } from '@/components/page/info-page';

type Props = { params: Promise<{ lang: string }> };

export const generateMetadata = ({ params }: Props) => pageMetadata(params, '/x-games', 'xGames');

export default async function XGamesPage({ params }: Props) {
  await pageLocale(params);
  return <InfoPageView page="x-games" />;
}
