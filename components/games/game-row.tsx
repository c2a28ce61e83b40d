'use client';

import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { gamesPageQuery, type GamesParams } from '@/lib/api/queries/games';
import type { Game } from '@/lib/schemas/games';
import { ButtonLink } from '@/components/ui/button-link';
import { GameCard } from './game-card';

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
  const start = useQuery({ ...gamesPageQuery(preview ?? params), enabled: Boolean(preview) });
  const full = useQuery({ ...gamesPageQuery(params), enabled: wanted });
  const data = full.data ?? start.data;
  if (data && data.data.length === 0) return null;
  return (
    <Box component="section" sx={{ mb: 4 }} data-testid="game-row">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography variant="h3" component="h2" sx={{ flex: 1, fontSize: '1.15rem' }}>
          {title}
        </Typography>
        <ButtonLink href={href} variant="headerSecondary" size="small">
          {t('viewAll', { count: data?.totalDocuments ?? 0 })}
        </ButtonLink>
      </Stack>
      <GameCarousel
        games={data?.data ?? []}
        priority={first}
        onReach={wanted ? undefined : () => setWanted(true)}
      />
    </Box>
  );
}

/** Games in a row that scrolls sideways, a card snapping to the start. */
export function GameCarousel({
  games,
  priority = false,
  onReach,
}: {
  games: Game[];
  priority?: boolean;
  /** Called the first time the player scrolls, points at or tabs into the row. */
  onReach?: () => void;
}) {
  return (
    <Box
      onScroll={onReach}
      onPointerEnter={onReach}
      onFocus={onReach}
      onTouchStart={onReach}
      sx={{
        display: 'grid',
        gridAutoFlow: 'column',
        gridAutoColumns: { xs: '31%', sm: '23%', md: 'calc((100% - 80px) / 6)' },
        gap: 2,
        overflowX: 'auto',
        scrollSnapType: 'x mandatory',
        pb: 1,
        '& > *': { scrollSnapAlign: 'start' },
      }}
    >
      {games.map((game, i) => (
        <GameCard key={game.id} game={game} eager={i < 6} priority={priority && i < 3} />
      ))}
    </Box>
  );
}
