'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { lobbyGridParams, lobbyRowParams, lobbyRowPreviewParams } from '@/lib/api/queries/games';
import type { LobbyTab } from '@/lib/site/paths';
import styles from './game-card.module.css';

// Each tab loads only its own code: rows for the lobby, the paged grid (infinite query, load
// more) for a category, the studio list for providers; the recent row only for players.
const GameGrid = dynamic(() => import('./game-grid').then((m) => m.GameGrid));
const GameRow = dynamic(() => import('./game-row').then((m) => m.GameRow));
const ProviderList = dynamic(() => import('./provider-list').then((m) => m.ProviderList));
const RecentRow = dynamic(() => import('./recent-row').then((m) => m.RecentRow), { ssr: false });

type Section = 'casino' | 'slots';

/** What a casino or slots tab shows: the lobby's rows, a category grid, or the studios. */
export function LobbyContent({
  section,
  tab,
  categories,
}: {
  section: Section;
  tab: LobbyTab;
  categories: readonly LobbyTab[];
}) {
  const t = useTranslations('lobby');
  if (tab === 'providers') return <ProviderList section={section} />;
  if (tab !== 'lobby') return <GameGrid params={lobbyGridParams(section, tab)} />;
  return (
    <>
      <RecentRow />
      {categories
        .filter((c) => c !== 'lobby' && c !== 'providers')
        .map((category, i) => (
          <GameRow
            key={category}
            title={t(`tab.${category}`)}
            href={`/${section}?tab=${category}`}
            params={lobbyRowParams(section, category)}
            preview={lobbyRowPreviewParams(section, category)}
            first={i === 0}
          />
        ))}
      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('tab.providers')}</h2>
        <ProviderList section={section} row />
      </section>
    </>
  );
}
