'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import type { SportsEvent } from '@/lib/schemas/sportsbook';
import { useOperatorApi } from '../operator-api';

type Market = SportsEvent['markets'][number];

/**
 * An event's markets, each with a switch: off suspends that market alone (the event's other
 * markets keep taking bets), on reopens it.
 */
export function MarketsDialog({
  eventId,
  title,
  held,
  busy,
  onToggle,
  onClose,
}: {
  eventId: number;
  title: string;
  /** The markets staff suspended one by one. */
  held: string[];
  busy: boolean;
  onToggle: (marketId: string, suspended: boolean) => void;
  onClose: () => void;
}) {
  const t = useTranslations('backOffice.settlement');
  const api = useOperatorApi();
  const event = useQuery({
    queryKey: ['operator', 'sports-event', eventId],
    queryFn: () => api<SportsEvent>(`/sports/events/${eventId}`),
  });
  const name = (m: Market) => {
    const kind = t(`kinds.${m.kind}`);
    const period = t(`periods.${m.period}`);
    return m.line === null
      ? t('market', { kind, period })
      : t('marketLine', { kind, period, line: m.line });
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {event.isPending && <LinearProgress aria-label={t('loadingMarkets')} />}
        {event.isError && <Alert severity="error">{event.error.message}</Alert>}
        <Stack>
          {event.data?.markets.map((m) => (
            <FormControlLabel
              key={m.id}
              control={
                <Switch
                  checked={!held.includes(m.id)}
                  disabled={busy}
                  onChange={(changed) => onToggle(m.id, !changed.target.checked)}
                />
              }
              label={name(m)}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
