'use client';

import Alert from '@mui/material/Alert';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { playGame, recentQuery } from '@/lib/api/queries/games';
import type { Game } from '@/lib/schemas/games';
import styles from './game-stage.module.css';
import { Artwork } from '@/components/ui/artwork';

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
    <div data-testid="game-stage" data-mode={launch?.mode ?? 'loading'} className={styles.stage}>
      {launch?.launchUrl ? (
        <iframe
          src={launch.launchUrl}
          title={game.name}
          className={styles.frame}
          allow="fullscreen; autoplay"
        />
      ) : (
        <>
          <Artwork
            src={game.icon}
            width={300}
            height={400}
            fetchPriority="high"
            className={styles.backdrop}
          />
          <div className={styles.center}>
            <div className={styles.row}>
              <Artwork
                src={game.icon}
                alt={game.name}
                width={150}
                height={200}
                className={styles.cover}
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
            </div>
          </div>
        </>
      )}
    </div>
  );
}
