'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { playGame, recentQuery } from '@/lib/api/queries/games';
import type { Game } from '@/lib/schemas/games';

/**
 * The game's frame. Opening the page launches the game (recorded as recently played for a player);
 * with a game aggregator the provider's launch address fills the frame, without one the demo frame
 * says plainly that no real game runs here.
 */
export function GameStage({ game }: { game: Game }) {
  const t = useTranslations('games');
  const [launch, setLaunch] = useState<{ mode: 'demo' | 'real'; launchUrl: string | null } | null>(
    null,
  );
  const [failed, setFailed] = useState(false);
  const queryClient = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    playGame(game.slug).then(
      (answer) => {
        setLaunch(answer);
        // The lobby's "Continue playing" row shows it next time.
        void queryClient.invalidateQueries({ queryKey: recentQuery().queryKey });
      },
      () => setFailed(true),
    );
  }, [game.slug, queryClient]);

  return (
    <Box
      data-testid="game-stage"
      data-mode={launch?.mode ?? 'loading'}
      sx={{
        position: 'relative',
        aspectRatio: '16 / 9',
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: 'grey.900',
        mb: 4,
      }}
    >
      {launch?.launchUrl ? (
        <Box
          component="iframe"
          src={launch.launchUrl}
          title={game.name}
          sx={{ border: 0, width: '100%', height: '100%' }}
          allow="fullscreen; autoplay"
        />
      ) : (
        <>
          <Box
            component="img"
            src={game.icon}
            alt=""
            width={300}
            height={400}
            sx={{
              position: 'absolute',
              inset: 0,
              width: '100%',
              height: '100%',
              objectFit: 'cover',
              filter: 'blur(24px) brightness(.6)',
              transform: 'scale(1.1)',
            }}
          />
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', p: 2 }}>
            <Box sx={{ display: 'flex', gap: 3, alignItems: 'center', maxWidth: 640 }}>
              <Box
                component="img"
                src={game.icon}
                alt={game.name}
                width={150}
                height={200}
                sx={{ borderRadius: 2, display: { xs: 'none', sm: 'block' } }}
              />
              {failed ? (
                <Alert severity="error" variant="filled" data-testid="launch-failed">
                  {t('launchFailed')}
                </Alert>
              ) : (
                launch && (
                  <Alert severity="info" variant="filled" data-testid="demo-notice">
                    {t('demoNotice')}
                  </Alert>
                )
              )}
            </Box>
          </Box>
        </>
      )}
    </Box>
  );
}
