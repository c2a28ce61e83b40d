import Container from '@mui/material/Container';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { gamesInfiniteQuery, providersQuery } from '@/lib/api/queries/games';
import { getQueryClient } from '@/lib/api/query-client';
import { getSiteConfiguration } from '@/lib/content';
import { pageLocale } from '@/lib/i18n/page-locale';
import { siteMetadata } from '@/lib/seo/metadata';
import { GameGrid } from '@/components/games/game-grid';
import { PageHeading } from '@/components/page/page-heading';

type Props = { params: Promise<{ lang: string; slug: string }> };

async function findProvider(slug: string) {
  const providers = await getQueryClient().fetchQuery(providersQuery());
  return providers.find((p) => p.slug === slug) ?? null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const lang = await pageLocale(params);
  const { slug } = await params;
  const provider = await findProvider(slug).catch(() => null);
  if (!provider) return {};
  return siteMetadata(lang, await getSiteConfiguration(lang), `/providers/${slug}`, {
    title: provider.name,
  });
}

/** A studio's page: its games, first page rendered on the server, more on request. */
export default async function ProviderPage({ params }: Props) {
  await pageLocale(params);
  const { slug } = await params;
  const provider = await findProvider(slug);
  if (!provider) notFound();
  const t = await getTranslations('games');
  const queryClient = getQueryClient();
  await queryClient.prefetchInfiniteQuery(gamesInfiniteQuery({ provider: slug }));
  return (
    <Container data-testid="provider-page" data-provider={slug}>
      <PageHeading
        title={provider.name}
        intro={t('providerIntro', { count: provider.gamesCount, name: provider.name })}
      />
      <HydrationBoundary state={dehydrate(queryClient)}>
        <GameGrid params={{ provider: slug }} />
      </HydrationBoundary>
    </Container>
  );
}
