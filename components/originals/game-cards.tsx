'use client';

import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { crashStateQuery, liveBetsQuery, originalsConfigQuery } from '@/lib/api/queries/originals';
import { Link } from '@/lib/i18n/navigation';
import type { OriginalGame } from '@/lib/schemas/originals';
import { gameHref, originalGamesList } from './games';

/** The lobby's cards: each original with its rules in a line, its RTP and how many play it now. */
export function GameCards() {
  const feed = useQuery(liveBetsQuery());
  const config = useQuery(originalsConfigQuery());
  // Crash is played by everyone at once: its card counts the players of the round now.
  const crash = useQuery(crashStateQuery());
  const rtpValues = Object.fromEntries(
    (config.data?.games ?? []).map((g) => [g.game, g.rtpValue]),
  ) as Partial<Record<(typeof originalGamesList)[number], string>>;
  const crashRtp = crash.data?.commitment
    ? `${(100 - crash.data.commitment.edgeBps / 100).toFixed(2)}%`
    : undefined;
  return (
    <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {originalGamesList.map((game) => (
        <GameCard
          key={game}
          game={game}
          href={gameHref(game)}
          players={feed.data?.players[game] ?? 0}
          rtp={rtpValues[game]}
        />
      ))}
      <GameCard
        game="crash"
        href="/x-games/crash"
        players={crash.data?.round?.players.length ?? 0}
        rtp={crashRtp}
      />
    </Grid>
  );
}

/** One card: the game's name and rules in a line, how many play it now, and its RTP once known. */
function GameCard({
  game,
  href,
  players,
  rtp,
}: {
  game: OriginalGame | 'crash';
  href: string;
  players: number;
  rtp: string | undefined;
}) {
  const t = useTranslations('originals.games');
  const tLobby = useTranslations('originals.lobby');
  const tGames = useTranslations('games');
  return (
    <Grid size={{ xs: 12, sm: 6, md: 3 }} component="li">
      <Card sx={{ height: '100%' }}>
        <CardActionArea component={Link} href={href} sx={{ height: '100%' }}>
          <CardContent>
            <Typography variant="h5" component="h2">
              {t(`${game}.name`)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
              {t(`${game}.tagline`)}
            </Typography>
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Typography variant="caption" data-testid={`players-${game}`}>
                {tLobby('playing', { count: players })}
              </Typography>
              {rtp && (
                <Typography variant="caption" data-testid={`rtp-${game}`}>
                  {tGames('rtp', { value: rtp })}
                </Typography>
              )}
            </Stack>
          </CardContent>
        </CardActionArea>
      </Card>
    </Grid>
  );
}
