import { pageLocale } from '@/lib/i18n/page-locale';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { InfoPageView } from '@/components/page/info-page';

type Props = { params: Promise<{ lang: string }> };

export const generateMetadata = ({ params }: Props) =>
  pageMetadata(params, '/promotions', 'promotions');

export default async function PromotionsPage({ params }: Props) {
  await pageLocale(params);
  return <InfoPageView page="promotions" />;
}
