import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { liveBetsQuery } from '@/lib/api/queries/originals';
import { getQueryClient } from '@/lib/api/query-client';
import { getSiteConfiguration } from '@/lib/content';
import { pageLocale } from '@/lib/i18n/page-locale';
import { siteMetadata } from '@/lib/seo/metadata';
import { gameHref, isOriginalGame } from '@/components/originals/games';
import { LiveBets } from '@/components/originals/live-bets';
import { OriginalGameClient } from '@/components/originals/original-game-client';
import { OriginalsMessages } from '@/components/originals/originals-messages';
import { PageHeading } from '@/components/page/page-heading';

type Props = { params: Promise<{ lang: string; game: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const lang = await pageLocale(params);
  const { game } = await params;
  if (!isOriginalGame(game)) return {};
  const t = await getTranslations({ locale: lang, namespace: 'originals.games' });
  return siteMetadata(lang, await getSiteConfiguration(lang), gameHref(game), {
    title: t(`${game}.name`),
  });
}

/** One original: its rules in a line, the game, and the live feed. */
export default async function OriginalGamePage({ params }: Props) {
  await pageLocale(params);
  const { game } = await params;
  if (!isOriginalGame(game)) notFound();
  const t = await getTranslations('originals.games');
  const queryClient = getQueryClient();
  // The feed below the game is public and server-rendered; the game asks for its limits itself.
  await queryClient.prefetchQuery(liveBetsQuery()).catch(() => undefined);
  return (
    <Container data-testid="original-game-page">
      <PageHeading title={t(`${game}.name`)} intro={t(`${game}.rules`)} />
      <OriginalsMessages>
        <HydrationBoundary state={dehydrate(queryClient)}>
          <Stack spacing={4}>
            <OriginalGameClient game={game} />
            <LiveBets />
          </Stack>
        </HydrationBoundary>
      </OriginalsMessages>
    </Container>
  );
}
