'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { ApiClientError, onceMoreIfUnanswered } from '@/lib/api/client';
import { originalsApi } from '@/lib/api/originals';
import { openMinesQuery, originalsConfigQuery, originalsKeys } from '@/lib/api/queries/originals';
import { minesMultiplier, safeTiles } from '@/lib/fairness/mines';
import { decimalText } from '@/lib/fairness/outcome';
import { isStake } from '@/lib/originals/stake';
import type { MinesGame as Game } from '@/lib/schemas/originals';
import { authTabs } from '@/lib/site/modals';
import { formatAmount } from '@/lib/wallet/format';
import { errorMessage } from '@/components/auth/error-message';
import { useModal } from '@/components/modals/use-modal';
import { useSession } from '@/components/session/session-context';
import { BetPanel } from '../bet-panel';
import { GameLayout } from '../game-layout';
import { usePreference } from '../use-preference';
import { FairnessButton } from '../fairness-button';
import { useSound } from '../use-sound';
import { MinesLadder } from './mines-ladder';
import { MINES_COUNTS, TILES, tileStates } from './mines-board-view';
import { MinesTiles } from './mines-tiles';

/** A tile chosen for the player: uniform over the hidden ones, from the browser's CSPRNG. */
function randomHidden(picks: readonly number[]): number {
  const free = TILES.filter((t) => !picks.includes(t));
  const [r] = crypto.getRandomValues(new Uint32Array(1));
  return free[r! % free.length]!;
}

/**
 * Mines: choose the mines and the stake, open a game, reveal tiles (click, or the arrow keys and
 * Enter; or let the game pick one), cash out after any safe tile. An open game is the server's:
 * it comes back after a reload. A finished game shows its whole board until the next one.
 */
export function MinesGame() {
  const t = useTranslations('originals');
  const tMines = useTranslations('originals.mines');
  const tErrors = useTranslations('errors');
  const locale = useLocale();
  const session = useSession();
  const modal = useModal();
  const queryClient = useQueryClient();
  const signedIn = session.status === 'authenticated';
  const config = useQuery(originalsConfigQuery());
  const open = useQuery({ ...openMinesQuery(), enabled: signedIn });
  const game = signedIn ? (open.data ?? null) : null;
  const [finished, setFinished] = useState<Game | null>(null);
  const [count, setCount] = useState(3);
  const [amount, setAmount] = useState('0');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sound, setSound] = usePreference('sound');
  const beep = useSound(sound);

  const currency = game?.currency ?? session.balance?.currency ?? 'USDT';
  const limits = config.data?.limits.find((l) => l.currency === currency);
  const decimals = limits?.minBet.split('.')[1]?.length ?? 8;
  const edgeBps = config.data?.edgeBps ?? 100;
  const mines = game?.mines ?? count;
  const picks = game?.picks ?? [];

  /** Runs one call; an open game becomes the cached one, a closed one the board on show. */
  const act = async (call: () => Promise<Game>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const next = await call();
      if (next.state === 'open') {
        queryClient.setQueryData(originalsKeys.mines, next);
      } else {
        queryClient.setQueryData(originalsKeys.mines, null);
        setFinished(next);
        beep(next.state === 'cashed_out');
        void queryClient.invalidateQueries({ queryKey: originalsKeys.seeds });
        void queryClient.invalidateQueries({ queryKey: originalsKeys.gameRecord });
      }
    } catch (e) {
      setError(errorMessage(e, tErrors('anErrorOccurred')));
      // The game moved elsewhere (another tab, a restart): show it as the server has it.
      if (e instanceof ApiClientError) void open.refetch();
    } finally {
      setBusy(false);
    }
  };

  const start = () => {
    if (!signedIn) {
      modal.open('auth', { tab: authTabs.signIn });
      return;
    }
    if (!isStake(amount, decimals)) return;
    const body = {
      mines: count,
      currency,
      amount: amount.trim(),
      idempotencyKey: crypto.randomUUID(),
    };
    void act(() => {
      setFinished(null);
      // Sent again under the same key when unanswered: at most one game opens.
      return onceMoreIfUnanswered(() => originalsApi.startMines(body, locale));
    });
  };
  const reveal = (tile: number) =>
    game && void act(() => originalsApi.reveal(game.id, tile, locale));
  const cashOut = () => game && void act(() => originalsApi.cashOut(game.id, locale));

  const shown = game ?? finished;
  // An open game's view carries no board; a finished one's carries all of it.
  const states = tileStates(shown?.picks ?? [], shown?.layout ?? null, shown?.bust ?? null);
  const next = game ? game.nextMultiplier : decimalText(minesMultiplier(count, 1, edgeBps));
  const status = game
    ? picks.length === 0
      ? tMines('inPlay', {
          mines: game.mines,
          amount: formatAmount(game.amount, locale),
          currency: game.currency,
        })
      : game.nextMultiplier
        ? tMines('now', { multiplier: game.multiplier, next: game.nextMultiplier })
        : tMines('nowLast', { multiplier: game.multiplier })
    : finished?.state === 'cashed_out'
      ? tMines('won', {
          multiplier: finished.multiplier,
          payout: formatAmount(finished.payout, locale),
          currency: finished.currency,
        })
      : finished?.state === 'busted'
        ? tMines('lost', { tile: finished.bust ?? 0 })
        : '';

  const action = !signedIn
    ? t('signInToPlay')
    : game
      ? tMines('cashOut', { payout: formatAmount(game.payout, locale), currency: game.currency })
      : t('placeBet');

  return (
    <GameLayout
      testId="original-mines"
      board={
        <Stack spacing={2}>
          <Typography
            component="p"
            aria-live="polite"
            data-testid="mines-status"
            sx={{
              minHeight: 28,
              textAlign: 'center',
              fontWeight: 600,
              color:
                shown?.state === 'busted'
                  ? 'error.main'
                  : shown?.state === 'cashed_out'
                    ? 'success.main'
                    : 'text.primary',
            }}
          >
            {status}
          </Typography>
          <MinesTiles
            states={states}
            picks={shown?.picks ?? []}
            onReveal={game ? reveal : undefined}
            disabled={busy}
            label={tMines('boardLabel')}
          />
          <MinesLadder
            mines={mines}
            edgeBps={game?.edgeBps ?? edgeBps}
            reached={
              game ? picks.length : finished?.state === 'cashed_out' ? finished.picks.length : 0
            }
          />
        </Stack>
      }
      panel={
        <Stack spacing={2}>
          <BetPanel
            mode="manual"
            amount={game ? game.amount : amount}
            onAmount={setAmount}
            currency={currency}
            decimals={decimals}
            balance={session.balance?.amount ?? null}
            multiplier={next}
            locked={busy || game !== null}
          />
          <Stack direction="row" spacing={2}>
            <TextField
              select
              label={tMines('count')}
              value={mines}
              onChange={(e) => setCount(Number(e.target.value))}
              disabled={busy || game !== null}
              fullWidth
            >
              {MINES_COUNTS.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={tMines('gems')}
              value={safeTiles(mines) - picks.length}
              slotProps={{ input: { readOnly: true } }}
              fullWidth
            />
          </Stack>
          <Button
            variant="contained"
            size="large"
            color={game ? 'success' : 'primary'}
            onClick={() => (game ? cashOut() : start())}
            disabled={busy || (game ? picks.length === 0 : signedIn && !isStake(amount, decimals))}
            sx={{ order: { xs: -1, md: 0 } }}
          >
            {action}
          </Button>
          {game && (
            <Button variant="outlined" onClick={() => reveal(randomHidden(picks))} disabled={busy}>
              {tMines('autoPick')}
            </Button>
          )}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <FormControlLabel
            control={<Switch checked={sound} onChange={(e) => setSound(e.target.checked)} />}
            label={t('sound')}
          />
          <FairnessButton signedIn={signedIn} />
        </Stack>
      }
    />
  );
}
