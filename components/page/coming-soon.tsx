import Alert from '@mui/material/Alert';
import { getTranslations } from 'next-intl/server';
import { PageHeading } from './page-heading';

/** Racing and other announced sections: a page that says 'coming soon' (spec §2, §8). */
export async function ComingSoon({ title }: { title: string }) {
  const t = await getTranslations('nav');
  return (
    <>
      <PageHeading title={title} />
      <Alert severity="info" data-testid="coming-soon">
        {t('comingSoon')}
      </Alert>
    </>
  );
}
