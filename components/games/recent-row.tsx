'use client';

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { recentQuery } from '@/lib/api/queries/games';
import { useSession } from '@/components/session/session-context';
import { GameCarousel } from './game-row';

/** "Continue playing": the signed-in player's recently played games, at the top of the lobby. */
export function RecentRow() {
  const t = useTranslations('games');
  const { status } = useSession();
  const { data } = useQuery({ ...recentQuery(), enabled: status === 'authenticated' });
  if (status !== 'authenticated' || !data?.data.length) return null;
  return (
    <Box component="section" sx={{ mb: 4 }} data-testid="recent-row">
      <Typography variant="h3" component="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
        {t('continuePlaying')}
      </Typography>
      <GameCarousel games={data.data} />
    </Box>
  );
}
