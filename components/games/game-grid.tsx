'use client';

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { gamesInfiniteQuery, type GamesParams } from '@/lib/api/queries/games';
import { GameCard } from './game-card';
import { LoadMore } from './load-more';

export const gameGridSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: 'repeat(3, minmax(0, 1fr))',
    sm: 'repeat(4, minmax(0, 1fr))',
    md: 'repeat(6, minmax(0, 1fr))',
  },
} as const;

/** A category grid: the first page comes rendered from the server; load more fetches the next. */
export function GameGrid({ params }: { params: GamesParams }) {
  const t = useTranslations('games');
  const query = useInfiniteQuery(gamesInfiniteQuery(params));
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((p) => p.data);
  const total = pages[0]?.totalDocuments ?? 0;
  if (query.isSuccess && total === 0) {
    return <Typography color="text.secondary">{t('empty')}</Typography>;
  }
  return (
    <>
      <Box sx={gameGridSx} data-testid="game-grid">
        {items.map((game, i) => (
          <GameCard key={game.id} game={game} eager={i < 6} />
        ))}
      </Box>
      {query.isSuccess && (
        <LoadMore
          shown={items.length}
          total={total}
          hasMore={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onMore={() => void query.fetchNextPage()}
        />
      )}
    </>
  );
}
