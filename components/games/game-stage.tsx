'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiClientError } from '@/lib/api/client';
import { playGame, recentQuery, type PlayMode } from '@/lib/api/queries/games';
import type { Game } from '@/lib/schemas/games';
import { authTabs } from '@/lib/site/modals';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import { markModalOpenedInApp, useModalHref } from '@/components/modals/use-modal';
import { useSession } from '@/components/session/session-context';
import { Artwork } from '@/components/ui/artwork';
import styles from './game-stage.module.css';

type Launch = { mode: PlayMode; launchUrl: string | null };

/**
 * The game's frame. Opening the page launches the game once the session is known, and again when
 * the player signs in or out or changes currency (a game plays in one currency). Through an
 * aggregator the frame plays for real (a player) or for fun (a guest); a game without fun mode
 * asks a guest to sign in; a refusal (a break, a limit, a currency the games do not take) says
 * why. Without an aggregator, the demo frame says plainly that no real game runs here.
 */
export function GameStage({ game }: { game: Game }) {
  const t = useTranslations('games');
  const session = useSession();
  const [theatre, setTheatre] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const hrefFor = useModalHref();
  // What the launch depends on: who plays, in which currency. A launch made for another is stale.
  const key =
    session.status === 'authenticated'
      ? `player:${session.wallet?.navbarCurrency ?? ''}`
      : session.status;
  const [answered, setAnswered] = useState<{
    key: string;
    launch: Launch | null;
    refusal: string | null;
  } | null>(null);
  const launch = answered?.key === key ? answered.launch : null;
  const refusal = answered?.key === key ? answered.refusal : null;

  useEffect(() => {
    if (key === 'loading') return;
    let current = true;
    playGame(game.slug).then(
      (answer) => {
        if (!current) return;
        setAnswered({ key, launch: answer, refusal: null });
        // The lobby's "Continue playing" row shows it next time.
        void queryClient.invalidateQueries({ queryKey: recentQuery().queryKey });
      },
      (error: unknown) => {
        if (!current) return;
        const refusal =
          error instanceof ApiClientError && error.status < 500 ? error.message : t('launchFailed');
        setAnswered({ key, launch: null, refusal });
      },
    );
    return () => {
      current = false;
    };
  }, [game.slug, queryClient, key, t]);

  const fullScreen = useCallback(() => {
    void stage.current?.requestFullscreen?.().catch(() => undefined);
  }, []);

  const frameUrl = launch?.launchUrl ?? null;
  const playing = Boolean(frameUrl);
  return (
    <section aria-label={game.name} className={theatre ? styles.theatre : undefined}>
      <div
        ref={stage}
        data-testid="game-stage"
        data-mode={launch?.mode ?? (refusal ? 'refused' : 'loading')}
        className={styles.stage}
      >
        {frameUrl ? (
          <iframe
            src={frameUrl}
            title={game.name}
            className={styles.frame}
            allow="fullscreen; autoplay"
            referrerPolicy="no-referrer"
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
                {refusal ? (
                  <Alert severity="warning" variant="filled" data-testid="launch-failed">
                    {refusal}
                  </Alert>
                ) : launch?.mode === 'signin' ? (
                  <Alert
                    severity="info"
                    variant="filled"
                    data-testid="sign-in-to-play"
                    action={
                      <Button
                        component={IntlLink}
                        href={hrefFor('auth', { tab: authTabs.signIn })}
                        scroll={false}
                        onClick={markModalOpenedInApp}
                        color="inherit"
                        size="small"
                      >
                        {t('signInToPlay')}
                      </Button>
                    }
                  >
                    {t('noFunMode')}
                  </Alert>
                ) : (
                  (launch?.mode === 'demo' || launch?.mode === 'unlisted') && (
                    <Alert severity="info" variant="filled" data-testid="demo-notice">
                      {t(launch.mode === 'demo' ? 'demoNotice' : 'unlistedNotice')}
                    </Alert>
                  )
                )}
              </div>
            </div>
          </>
        )}
      </div>
      <div className={styles.toolbar}>
        {launch?.mode === 'fun' && (
          <p className={styles.note} data-testid="fun-mode">
            {t('funMode')}
          </p>
        )}
        {launch?.mode === 'real' && (
          <p className={styles.note} data-testid="real-mode">
            {t('realMode', { currency: session.wallet?.navbarCurrency ?? '' })}
          </p>
        )}
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          aria-pressed={theatre}
          onClick={() => setTheatre((on) => !on)}
          disabled={!playing}
        >
          {t('theatre')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          onClick={fullScreen}
          disabled={!playing}
        >
          {t('fullScreen')}
        </Button>
      </div>
    </section>
  );
}
