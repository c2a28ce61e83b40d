import Container from '@mui/material/Container';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/locales';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { ComingSoon } from '@/components/page/coming-soon';

type Props = { params: Promise<{ lang: string }> };

export const generateMetadata = ({ params }: Props) => pageMetadata(params, '/racing', 'racing');

export default async function RacingPage({ params }: Props) {
  setRequestLocale((await params).lang as Locale);
  const t = await getTranslations('pages');
  return (
    <Container>
      <ComingSoon title={t('racing')} />
    </Container>
  );
}
