'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { maxMultiplier, decimalText } from '@/lib/fairness/outcome';
import { originalsConfigQuery } from '@/lib/api/queries/originals';
import { authTabs } from '@/lib/site/modals';
import { fairBetOf } from '@/lib/originals/params';
import type { Bet, InstantParams } from '@/lib/schemas/originals';
import { isStake, double, halve } from '@/lib/originals/stake';
import { errorMessage } from '@/components/auth/error-message';
import { useModal } from '@/components/modals/use-modal';
import { useSession } from '@/components/session/session-context';
import { BetPanel, type PanelMode } from './bet-panel';
import { GameLayout } from './game-layout';
import { FairnessButton } from './fairness-button';
import { DiceBoard } from './dice-board';
import { defaultParams, type InstantGame as Game } from './games';
import { LimboBoard } from './limbo-board';
import { MyBets } from './my-bets';
import { PlinkoBoard } from './plinko-board';
import { useAutobet, type AutobetSettings } from './use-autobet';
import { usePlaceBet } from './use-place-bet';
import { usePreference } from './use-preference';
import { useSound } from './use-sound';

/** Controls that answer keys themselves: Space on a button, a tab or a menu is theirs, never a bet. */
const OWN_KEYS =
  'input, textarea, select, button, a, [contenteditable="true"], [role="button"], [role="tab"], [role="option"], [role="menuitem"], [role="slider"], [role="combobox"], [role="listbox"], [role="dialog"], [role="menu"]';
const ownsKeys = (target: EventTarget | null) =>
  target instanceof Element && target.closest(OWN_KEYS) !== null;

/**
 * One original's page: its board, the bet form with autobet, the fairness dialog, the player's
 * bets of this visit; sound and hotkeys (Space bets, H halves, D doubles) when turned on.
 */
export function OriginalGame({ game }: { game: Game }) {
  const t = useTranslations('originals');
  const tErrors = useTranslations('errors');
  const session = useSession();
  const modal = useModal();
  const config = useQuery(originalsConfigQuery());
  const [params, setParams] = useState<InstantParams>(defaultParams[game]);
  const [mode, setMode] = useState<PanelMode>('manual');
  const [auto, setAuto] = useState<AutobetSettings>({
    count: 10,
    stopOnProfit: '',
    stopOnLoss: '',
  });
  const [last, setLast] = useState<Bet | null>(null);
  const [mine, setMine] = useState<Bet[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sound, setSound] = usePreference('sound');
  const [hotkeys, setHotkeys] = usePreference('hotkeys');
  const beep = useSound(sound);
  const placeBet = usePlaceBet();

  const currency = session.balance?.currency ?? 'USDT';
  const limits = config.data?.limits.find((l) => l.currency === currency);
  const decimals = limits?.minBet.split('.')[1]?.length ?? 8;
  const [amount, setAmount] = useState('0');
  const edgeBps = config.data?.edgeBps ?? 100;
  const bet = fairBetOf(params);
  const multiplier = decimalText(maxMultiplier(bet, edgeBps));

  const placeOne = useCallback(async () => {
    const placed = await placeBet(params, currency, amount.trim());
    setLast(placed);
    setMine((list) => [placed, ...list].slice(0, 20));
    beep(placed.win);
    return placed;
  }, [placeBet, params, currency, amount, beep]);
  const autobet = useAutobet(placeOne);
  const locked = busy || autobet.running;
  const signedIn = session.status === 'authenticated';

  const play = useCallback(async () => {
    if (busy || autobet.running) return;
    if (!signedIn) {
      modal.open('auth', { tab: authTabs.signIn });
      return;
    }
    if (!isStake(amount, decimals)) return;
    setError(null);
    if (mode === 'auto') {
      void autobet.start(auto, (e) => setError(errorMessage(e, tErrors('anErrorOccurred'))));
      return;
    }
    setBusy(true);
    try {
      await placeOne();
    } catch (e) {
      setError(errorMessage(e, tErrors('anErrorOccurred')));
    } finally {
      setBusy(false);
    }
  }, [busy, signedIn, modal, amount, decimals, mode, autobet, auto, placeOne, tErrors]);

  // Hotkeys read the latest handlers through a ref, so the listener is added once.
  const keys = useRef<Record<'play' | 'halve' | 'double', () => void>>({
    play: () => {},
    halve: () => {},
    double: () => {},
  });
  useEffect(() => {
    keys.current = {
      play: () => void (autobet.running ? autobet.stop() : play()),
      halve: () => setAmount((a) => halve(a, decimals)),
      double: () => setAmount((a) => double(a, decimals, session.balance?.amount)),
    };
  });
  useEffect(() => {
    if (!hotkeys) return;
    const onKey = (event: KeyboardEvent) => {
      // A held key repeats: one press is one bet.
      if (
        event.repeat ||
        ownsKeys(event.target) ||
        event.metaKey ||
        event.ctrlKey ||
        event.altKey
      ) {
        return;
      }
      const actions: Record<string, () => void> = {
        ' ': keys.current.play,
        h: keys.current.halve,
        d: keys.current.double,
      };
      const act = actions[event.key.toLowerCase()];
      if (!act) return;
      event.preventDefault();
      act();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [hotkeys]);

  const board =
    params.game === 'dice' ? (
      <DiceBoard
        params={params}
        onChange={setParams}
        edgeBps={edgeBps}
        last={last}
        disabled={locked}
      />
    ) : params.game === 'limbo' ? (
      <LimboBoard
        params={params}
        onChange={setParams}
        edgeBps={edgeBps}
        last={last}
        disabled={locked}
      />
    ) : (
      <PlinkoBoard params={params} onChange={setParams} last={last} disabled={locked} />
    );

  const action = !signedIn
    ? t('signInToPlay')
    : autobet.running
      ? t('stopAutobet', { played: autobet.played })
      : mode === 'auto'
        ? t('startAutobet')
        : t('placeBet');

  return (
    <GameLayout
      testId={`original-${game}`}
      board={board}
      panel={
        <Stack spacing={2}>
          <BetPanel
            mode={mode}
            onMode={setMode}
            amount={amount}
            onAmount={setAmount}
            currency={currency}
            decimals={decimals}
            balance={session.balance?.amount ?? null}
            multiplier={params.game === 'plinko' ? null : multiplier}
            auto={auto}
            onAuto={setAuto}
            locked={locked}
          />
          <Button
            variant="contained"
            size="large"
            color={autobet.running ? 'warning' : 'primary'}
            onClick={() => (autobet.running ? autobet.stop() : void play())}
            disabled={busy || (signedIn && !isStake(amount, decimals))}
            // On a phone the button comes first, right under the board, within a thumb's reach.
            sx={{ order: { xs: -1, md: 0 } }}
          >
            {action}
          </Button>
          {autobet.running && (
            <Alert severity="info" data-testid="autobet-progress">
              {t('autobetProgress', { played: autobet.played, profit: autobet.profit, currency })}
            </Alert>
          )}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <FormControlLabel
              control={<Switch checked={sound} onChange={(e) => setSound(e.target.checked)} />}
              label={t('sound')}
            />
            <FormControlLabel
              control={<Switch checked={hotkeys} onChange={(e) => setHotkeys(e.target.checked)} />}
              label={t('hotkeys')}
            />
          </Stack>
          {hotkeys && <Alert severity="info">{t('hotkeysHelp')}</Alert>}
          <FairnessButton signedIn={signedIn} />
        </Stack>
      }
      below={<MyBets bets={mine} />}
    />
  );
}
