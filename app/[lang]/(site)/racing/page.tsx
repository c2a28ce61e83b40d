import Container from '@mui/material/Container';
import { getTranslations } from 'next-intl/server';
import { pageLocale } from '@/lib/i18n/page-locale';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { ComingSoon } from '@/components/page/coming-soon';

type Props = { params: Promise<{ lang: string }> };

export const generateMetadata = ({ params }: Props) => pageMetadata(params, '/racing', 'racing');

export default async function RacingPage({ params }: Props) {
  await pageLocale(params);
  const t = await getTranslations('pages');
  return (
    <Container>
      <ComingSoon title={t('racing')} />
    </Container>
  );
}
