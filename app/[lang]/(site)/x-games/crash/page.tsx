import Container from '@mui/material/Container';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { crashStateQuery } from '@/lib/api/queries/originals';
import { getQueryClient } from '@/lib/api/query-client';
import { getSiteConfiguration } from '@/lib/content';
import { pageLocale } from '@/lib/i18n/page-locale';
import { siteMetadata } from '@/lib/seo/metadata';
import { CrashGameClient } from '@/components/originals/crash/crash-game-client';
import { OriginalsMessages } from '@/components/originals/originals-messages';
import { PageHeading } from '@/components/page/page-heading';

type Props = { params: Promise<{ lang: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const lang = await pageLocale(params);
  const t = await getTranslations({ locale: lang, namespace: 'originals.games' });
  return siteMetadata(lang, await getSiteConfiguration(lang), '/x-games/crash', {
    title: t('crash.name'),
  });
}

/** Crash: the round now, rendered on the server for everyone, then live over the socket. */
export default async function CrashPage({ params }: Props) {
  await pageLocale(params);
  const t = await getTranslations('originals.games');
  const queryClient = getQueryClient();
  // Public and moving: a failure leaves the page to fetch it in the browser.
  await queryClient.prefetchQuery(crashStateQuery()).catch(() => undefined);
  return (
    <Container data-testid="crash-page">
      <PageHeading title={t('crash.name')} intro={t('crash.rules')} />
      <OriginalsMessages>
        <HydrationBoundary state={dehydrate(queryClient)}>
          <CrashGameClient />
        </HydrationBoundary>
      </OriginalsMessages>
    </Container>
  );
}
