'use client';

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { lobbyGridParams, lobbyRowParams, lobbyRowPreviewParams } from '@/lib/api/queries/games';
import { GameGrid } from './game-grid';
import { GameRow } from './game-row';
import { ProviderList } from './provider-list';
import { RecentRow } from './recent-row';

type Section = 'casino' | 'slots';

/** What a casino or slots tab shows: the lobby's rows, a category grid, or the studios. */
export function LobbyContent({
  section,
  tab,
  categories,
}: {
  section: Section;
  tab: string;
  categories: readonly string[];
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
      <Box component="section" sx={{ mb: 4 }}>
        <Typography variant="h3" component="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
          {t('tab.providers')}
        </Typography>
        <ProviderList section={section} row />
      </Box>
    </>
  );
}
