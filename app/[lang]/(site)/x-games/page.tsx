import { setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/locales';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { InfoPageView } from '@/components/page/info-page';

type Props = { params: Promise<{ lang: string }> };

export const generateMetadata = ({ params }: Props) => pageMetadata(params, '/x-games', 'xGames');

export default async function XGamesPage({ params }: Props) {
  setRequestLocale((await params).lang as Locale);
  return <InfoPageView page="x-games" />;
}
