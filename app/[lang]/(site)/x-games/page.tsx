import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { getTranslations } from 'next-intl/server';
import { liveBetsQuery, originalsConfigQuery } from '@/lib/api/queries/originals';
import { getQueryClient } from '@/lib/api/query-client';
import { pageLocale } from '@/lib/i18n/page-locale';
import { Link } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { GameCards } from '@/components/originals/game-cards';
import { LiveBets } from '@/components/originals/live-bets';
import { OriginalsMessages } from '@/components/originals/originals-messages';
import { PageHeading } from '@/components/page/page-heading';

type Props = { params: Promise<{ lang: string }> };

export const generateMetadata = ({ params }: Props) => pageMetadata(params, '/x-games', 'xGames');

/** The originals' lobby: each game with how many play it now, and the live feed of bets. */
export default async function XGamesPage({ params }: Props) {
  await pageLocale(params);
  const t = await getTranslations('info.x-games');
  const tVerify = await getTranslations('originals.verify');
  const queryClient = getQueryClient();
  // Both are public: a failure leaves the lobby to fetch them in the browser.
  await Promise.all([
    queryClient.prefetchQuery(liveBetsQuery()).catch(() => undefined),
    queryClient.prefetchQuery(originalsConfigQuery()).catch(() => undefined),
  ]);
  return (
    <Container data-testid="x-games-page">
      <PageHeading title={t('title')} intro={t('intro')}>
        <Link href="/x-games/verify">{tVerify('title')}</Link>
      </PageHeading>
      <OriginalsMessages>
        <HydrationBoundary state={dehydrate(queryClient)}>
          <Stack spacing={4}>
            <GameCards />
            <LiveBets />
          </Stack>
        </HydrationBoundary>
      </OriginalsMessages>
    </Container>
  );
}
