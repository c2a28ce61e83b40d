import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { getTranslations } from 'next-intl/server';
import {
  defaultSportsSection,
  findSportsSection,
  sportsHref,
  sportsSections,
} from '@/lib/site/paths';
import { pageLocale } from '@/lib/i18n/page-locale';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { PageHeading } from '@/components/page/page-heading';
import { TabLinks } from '@/components/page/tab-links';

type Props = { params: Promise<{ lang: string }>; searchParams: Promise<{ 'bt-path'?: string }> };

export const generateMetadata = ({ params }: Props) => pageMetadata(params, '/sports', 'sports');

/** The sportsbook's frame: reads bt-path, names the section and marks it in the menus. */
export default async function SportsPage({ params, searchParams }: Props) {
  await pageLocale(params);
  const [t, tNav] = await Promise.all([getTranslations('pages'), getTranslations('nav')]);
  const section = findSportsSection((await searchParams)['bt-path']) ?? defaultSportsSection;
  return (
    <Container data-bt-path={section.btPath} data-testid="sports-frame">
      <PageHeading title={tNav(`sport.${section.key}`)} intro={t('sportsIntro')} />
      <TabLinks
        label={t('sports')}
        current={section.btPath}
        tabs={sportsSections.map((s) => ({
          value: s.btPath,
          label: tNav(`sport.${s.key}`),
          href: sportsHref(s.btPath),
        }))}
      />
      <Typography color="text.secondary">{t('sportsUnavailable')}</Typography>
    </Container>
  );
}
