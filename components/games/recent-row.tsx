'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { recentQuery } from '@/lib/api/queries/games';
import { useSession } from '@/components/session/session-context';
import styles from './game-card.module.css';
import { GameCarousel } from './game-row';

/** "Continue playing": the signed-in player's recently played games, at the top of the lobby. */
export function RecentRow() {
  const t = useTranslations('games');
  const { status } = useSession();
  const { data } = useQuery({ ...recentQuery(), enabled: status === 'authenticated' });
  if (status !== 'authenticated' || !data?.data.length) return null;
  return (
    <section className={styles.section} data-testid="recent-row">
      <h2 className={styles.sectionTitle}>{t('continuePlaying')}</h2>
      <GameCarousel games={data.data} />
    </section>
  );
}
