'use client';

import { useTranslations } from 'next-intl';
import type { GameCardData } from '@/lib/schemas/game-card';
import { GameCard } from './game-card';
import styles from './game-card.module.css';

export function SimilarGames({ games }: { games: GameCardData[] }) {
  const t = useTranslations('games');
  if (games.length === 0) return null;
  return (
    <section className={styles.section} data-testid="similar-games">
      <h2 className={styles.sectionTitle}>{t('similar')}</h2>
      <div className={styles.grid}>
        {games.map((game) => (
          <GameCard key={game.id} game={game} />
        ))}
      </div>
    </section>
  );
}
