'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { gamesInfiniteQuery, type GamesParams } from '@/lib/api/queries/games';
import { GameCard } from './game-card';
import styles from './game-card.module.css';
import { LoadMore } from './load-more';

/** A category grid: the first page comes rendered from the server; load more fetches the next. */
export function GameGrid({ params }: { params: GamesParams }) {
  const t = useTranslations('games');
  const query = useInfiniteQuery(gamesInfiniteQuery(params));
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((p) => p.data);
  const total = pages[0]?.totalDocuments ?? 0;
  if (query.isSuccess && total === 0) {
    return <p className={styles.empty}>{t('empty')}</p>;
  }
  return (
    <>
      <div className={styles.grid} data-testid="game-grid">
        {items.map((game, i) => (
          <GameCard key={game.id} game={game} eager={i < 6} priority={i < 3} />
        ))}
      </div>
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
