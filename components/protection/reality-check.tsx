'use client';

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQuery } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { playSessionQuery } from '@/lib/api/protection';
import { LazyMessages } from '@/components/i18n/lazy-messages';

const ACK_KEY = 'reality-check-ack';
const MINUTE = 60_000;

/** The last check the player answered in this session (any tab), by the session's start. */
function readAck(startedAt: string): number {
  try {
    const saved = JSON.parse(localStorage.getItem(ACK_KEY) ?? 'null') as {
      startedAt?: string;
      round?: number;
    } | null;
    return saved?.startedAt === startedAt ? (saved.round ?? 0) : 0;
  } catch {
    return 0;
  }
}

/**
 * The reality check (player protection): every N minutes of a session, a dialog with the time
 * played since sign-in and the session's wagers and net result; the player continues or stops
 * (signs out). Counted from the session's own start, so a reload or another tab keeps the rhythm,
 * and a check answered in one tab is not asked again in another.
 */
export default function RealityCheck(props: { minutes: number; onStop: () => void }) {
  return (
    <LazyMessages namespaces={['protection']}>
      <Check {...props} />
    </LazyMessages>
  );
}

function Check({ minutes, onStop }: { minutes: number; onStop: () => void }) {
  const t = useTranslations('protection.realityCheck');
  const format = useFormatter();
  const { data, refetch } = useQuery(playSessionQuery());
  const startedAt = data?.startedAt;
  // The check on screen: which round, and when it appeared (the time played is counted to then).
  const [shown, setShown] = useState<{ round: number; at: number } | null>(null);

  // Waits for the next multiple of N minutes after the last check answered.
  useEffect(() => {
    if (!startedAt || shown) return;
    const start = new Date(startedAt).getTime();
    const next = readAck(startedAt) + 1;
    const timer = window.setTimeout(
      () => {
        setShown({ round: next, at: Date.now() });
        void refetch();
      },
      Math.max(0, start + next * minutes * MINUTE - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [startedAt, shown, minutes, refetch]);

  if (!shown || !data) return null;
  const played = Math.floor((shown.at - new Date(data.startedAt).getTime()) / MINUTE);
  const usd = (value: number) =>
    format.number(value, { style: 'currency', currency: 'USD', signDisplay: 'exceptZero' });

  const answer = (stop: boolean) => {
    const passed = Math.floor(played / minutes);
    localStorage.setItem(
      ACK_KEY,
      JSON.stringify({ startedAt: data.startedAt, round: Math.max(shown.round, passed) }),
    );
    setShown(null);
    if (stop) onStop();
  };

  return (
    <Dialog open aria-labelledby="reality-check-title" data-testid="reality-check">
      <DialogTitle id="reality-check-title">{t('title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t('played', { hours: Math.floor(played / 60), minutes: played % 60 })}
        </DialogContentText>
        <DialogContentText>
          {t('figures', {
            wagered: format.number(data.wageredUsd, { style: 'currency', currency: 'USD' }),
            net: usd(data.netResultUsd),
          })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="outlinedSecondary" onClick={() => answer(true)}>
          {t('stop')}
        </Button>
        <Button variant="contained" onClick={() => answer(false)} autoFocus>
          {t('continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
