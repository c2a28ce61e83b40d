'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { onceMoreIfUnanswered } from '@/lib/api/client';
import { originalsApi } from '@/lib/api/originals';
import { crashStateQuery, originalsConfigQuery } from '@/lib/api/queries/originals';
import { crashUnitsAt, CRASH_TARGET_MIN } from '@/lib/fairness/crash';
import { isStake } from '@/lib/originals/stake';
import { playerOf } from '@/lib/originals/crash';
import { type CrashBet } from '@/lib/schemas/crash';
import { authTabs } from '@/lib/site/modals';
import { formatAmount } from '@/lib/wallet/format';
import { errorMessage } from '@/components/auth/error-message';
import { useModal } from '@/components/modals/use-modal';
import { useSession } from '@/components/session/session-context';
import { BetPanel } from '../bet-panel';
import { GameLayout } from '../game-layout';
import { CrashCurve } from './crash-curve';
import { multiplierText } from './multiplier-text';
import { CrashHistory } from './crash-history';
import { CrashPlayers } from './crash-players';
import { useCrashFeed, withPlayer } from './use-crash-feed';

/** An auto cash-out as typed: empty (none) or a multiplier of 1.01 and up with two decimals. */
const autoValid = (text: string) =>
  text.trim() === '' ||
  (/^\d+(\.\d{1,2})?$/.test(text.trim()) && Number(text) * 100 >= CRASH_TARGET_MIN);

/**
 * Crash: one round for everyone. Bet (with an optional auto cash-out) while a round takes bets,
 * then cash out while the multiplier rises; the round's players and the recent rounds beside it,
 * live over the socket for guests too.
 */
export function CrashGame() {
  const t = useTranslations('originals.crash');
  const tOriginals = useTranslations('originals');
  const tErrors = useTranslations('errors');
  const locale = useLocale();
  const session = useSession();
  const modal = useModal();
  const queryClient = useQueryClient();
  const signedIn = session.status === 'loading' ? null : session.status === 'authenticated';
  const query = crashStateQuery(signedIn === true);
  // A player's copy starts from everyone's (rendered on the server) until theirs arrives.
  const state = useQuery({
    ...query,
    placeholderData: () => queryClient.getQueryData(crashStateQuery().queryKey),
  });
  const config = useQuery(originalsConfigQuery());
  const [ticked, setTicked] = useState<{ roundId: string; units: number } | null>(null);
  const [amount, setAmount] = useState('0');
  const [auto, setAuto] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onTick = useCallback((roundId: string, units: number) => setTicked({ roundId, units }), []);
  useCrashFeed(signedIn, onTick);

  // The server's clock against this browser's, as of the answer.
  const offset = state.data ? state.data.serverNow - state.data.receivedAt : 0;

  const data = state.data;
  const round = data?.round ?? null;
  const mine = data?.mine ?? null;
  const currency = mine?.currency ?? session.balance?.currency ?? 'USDT';
  const limits = config.data?.limits.find((l) => l.currency === currency);
  const decimals = limits?.minBet.split('.')[1]?.length ?? 8;
  const betting = round?.state === 'betting';
  const running = round?.state === 'running';
  const inRound = mine !== null && mine.roundId === round?.id;
  const canCashOut = inRound && running && mine.state === 'open';

  const keep = (bet: CrashBet) =>
    queryClient.setQueryData(query.queryKey, (now) =>
      now ? { ...withPlayer(now, bet.roundId, playerOf(bet)), mine: bet } : now,
    );

  const act = async (call: () => Promise<CrashBet>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      keep(await call());
    } catch (e) {
      setError(errorMessage(e, tErrors('anErrorOccurred')));
      void state.refetch();
    } finally {
      setBusy(false);
    }
  };

  const bet = () => {
    if (!signedIn) {
      modal.open('auth', { tab: authTabs.signIn });
      return;
    }
    if (!isStake(amount, decimals) || !autoValid(auto)) return;
    const body = {
      currency,
      amount: amount.trim(),
      idempotencyKey: crypto.randomUUID(),
      autoCashout: auto.trim() === '' ? null : Number(auto),
    };
    // Sent again under the same key when unanswered: at most one bet is placed.
    void act(() => onceMoreIfUnanswered(() => originalsApi.joinCrash(body, locale)));
  };
  const cashOut = () => mine && void act(() => originalsApi.cashOutCrash(mine.id, locale));

  const status = !round
    ? data?.commitment?.salt === null
      ? t('waitingForSalt')
      : t('waiting')
    : inRound && mine.state === 'cashed_out'
      ? t('youCashedOut', {
          multiplier: multiplierText(mine.cashedUnits ?? 100),
          payout: formatAmount(mine.payout ?? '0', locale),
          currency: mine.currency,
        })
      : inRound && mine.state === 'busted'
        ? t('youLost', { multiplier: multiplierText(round.crashUnits ?? 100) })
        : inRound && mine.state === 'refunded'
          ? t('refunded')
          : round.state === 'busted'
            ? t('crashedAt', { multiplier: multiplierText(round.crashUnits ?? 100) })
            : round.state === 'aborted'
              ? t('aborted')
              : inRound
                ? t('inRound', { game: round.game })
                : betting
                  ? t('taking', { game: round.game })
                  : t('runningWait', { game: round.game });

  // What a cash-out pays now, shown on its button (the server decides the exact figure).
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!canCashOut) return;
    const timer = window.setInterval(() => setNow(Date.now()), 100);
    return () => window.clearInterval(timer);
  }, [canCashOut]);
  const units = canCashOut ? crashUnitsAt(now + offset - round.startsAt) : 100;
  const worth = canCashOut ? ((Number(mine.amount) * units) / 100).toFixed(decimals) : '0';

  const action = !signedIn
    ? tOriginals('signInToPlay')
    : canCashOut
      ? t('cashOut', { payout: formatAmount(worth, locale), currency })
      : tOriginals('placeBet');
  const disabled =
    busy ||
    (signedIn === true &&
      !canCashOut &&
      (!betting || inRound || !isStake(amount, decimals) || !autoValid(auto)));

  return (
    <GameLayout
      testId="original-crash"
      board={
        <Stack spacing={2}>
          <Typography
            component="p"
            aria-live="polite"
            data-testid="crash-status"
            sx={{ minHeight: 28, textAlign: 'center', fontWeight: 600 }}
          >
            {status}
          </Typography>
          <CrashCurve round={round} offset={offset} ticked={ticked} />
          <CrashHistory history={data?.history ?? []} />
        </Stack>
      }
      panel={
        <Stack spacing={2}>
          <BetPanel
            mode="manual"
            amount={inRound ? mine.amount : amount}
            onAmount={setAmount}
            currency={currency}
            decimals={decimals}
            balance={session.balance?.amount ?? null}
            multiplier={auto.trim() && autoValid(auto) ? Number(auto).toFixed(2) : null}
            locked={busy || inRound}
          />
          <TextField
            label={t('autoCashout')}
            value={inRound ? (mine.autoUnits ? (mine.autoUnits / 100).toFixed(2) : '') : auto}
            onChange={(e) => setAuto(e.target.value)}
            disabled={busy || inRound}
            error={!autoValid(auto)}
            // Greyed out with the field while a bet is in: not a hint anyone needs then.
            helperText={inRound ? ' ' : autoValid(auto) ? t('autoHelp') : t('autoInvalid')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <Button
            variant="contained"
            size="large"
            color={canCashOut ? 'success' : 'primary'}
            onClick={() => (canCashOut ? cashOut() : bet())}
            disabled={disabled}
          >
            {action}
          </Button>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      }
      below={<CrashPlayers round={round} />}
    />
  );
}
