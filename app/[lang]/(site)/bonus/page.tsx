import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import { pageLocale } from '@/lib/i18n/page-locale';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { PageHeading } from '@/components/page/page-heading';
import { RequireAuth } from '@/components/session/require-auth';

type Props = { params: Promise<{ lang: string }> };

export const generateMetadata = ({ params }: Props) => pageMetadata(params, '/bonus', 'bonus');

/** The bonus dashboard's frame; bonuses are for players, so a guest is asked to sign in. */
export default async function BonusPage({ params }: Props) {
  await pageLocale(params);
  const t = await getTranslations('pages');
  return (
    <Container data-testid="bonus-frame">
      <PageHeading title={t('bonus')} intro={t('bonusIntro')} />
      <RequireAuth modal="authRequired">
        <Typography color="text.secondary">{t('bonusEmpty')}</Typography>
      </RequireAuth>
    </Container>
  );
}
