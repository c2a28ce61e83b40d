'use client';

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import type { Game } from '@/lib/schemas/games';
import { GameCard } from './game-card';
import { gameGridSx } from './game-grid';

export function SimilarGames({ games }: { games: Game[] }) {
  const t = useTranslations('games');
  if (games.length === 0) return null;
  return (
    <Box component="section" sx={{ mb: 4 }} data-testid="similar-games">
      <Typography variant="h3" component="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
        {t('similar')}
      </Typography>
      <Box sx={gameGridSx}>
        {games.map((game) => (
          <GameCard key={game.id} game={game} />
        ))}
      </Box>
    </Box>
  );
}
