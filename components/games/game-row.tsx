'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { gamesPageQuery, gamesPreviewQuery, type GamesParams } from '@/lib/api/queries/games';
import type { GameCardData } from '@/lib/schemas/game-card';
import { ButtonLink } from '@/components/ui/button-link';
import { GameCard } from './game-card';
import styles from './game-card.module.css';

/**
 * A lobby carousel: one category's games (up to 32) in a row that scrolls sideways. The server
 * sends the first screen (`preview`); the whole row loads once the player reaches for it.
 */
export function GameRow({
  title,
  href,
  params,
  preview,
  first = false,
}: {
  title: string;
  href: string;
  params: GamesParams;
  preview?: GamesParams;
  /** The page's first row: its first cards are the largest paint. */
  first?: boolean;
}) {
  const t = useTranslations('games');
  const [wanted, setWanted] = useState(!preview);
  const start = useQuery({ ...gamesPreviewQuery(preview ?? params), enabled: Boolean(preview) });
  const full = useQuery({ ...gamesPageQuery(params), enabled: wanted });
  const data = full.data ?? start.data;
  if (data && data.data.length === 0) return null;
  return (
    <section className={styles.section} data-testid="game-row">
      <div className={styles.rowHead}>
        <h2 className={styles.rowTitle}>{title}</h2>
        <ButtonLink href={href} variant="headerSecondary" size="small">
          {t('viewAll', { count: data?.totalDocuments ?? 0 })}
        </ButtonLink>
      </div>
      <GameCarousel
        games={data?.data ?? []}
        priority={first}
        onReach={wanted ? undefined : () => setWanted(true)}
      />
    </section>
  );
}

/** Games in a row that scrolls sideways, a card snapping to the start. */
export function GameCarousel({
  games,
  priority = false,
  onReach,
}: {
  games: GameCardData[];
  priority?: boolean;
  /** Called the first time the player scrolls, points at or tabs into the row. */
  onReach?: () => void;
}) {
  return (
    <div
      className={styles.carousel}
      onScroll={onReach}
      onPointerEnter={onReach}
      onFocus={onReach}
      onTouchStart={onReach}
    >
      {games.map((game, i) => (
        // Only the first row is on a phone's first screen: every other row loads lazily, so the
        // browser does not preload dozens of images ahead of the page's scripts and first card.
        <GameCard key={game.id} game={game} eager={priority} priority={priority && i < 3} />
      ))}
    </div>
  );
}
