'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { protectionApi } from '@/lib/api/protection';
import {
  selfExclusionDurations,
  timeOutDurations,
  type StartBreakBody,
} from '@/lib/schemas/protection';
import { errorMessage } from '@/components/auth/error-message';
import { useNotify } from '@/components/layout/notice-context';
import { useSession } from '@/components/session/session-context';

/**
 * A time-out (24 hours to 6 weeks) or a self-exclusion (6 months to 5 years), after a dialog that
 * says what follows: every session ends at once, play and deposits stop until the date, and only the
 * balance can be seen and withdrawn. The player lands on the home page, signed out.
 */
export function BreakCard() {
  const t = useTranslations('protection.break');
  const te = useTranslations('errors');
  const format = useFormatter();
  const locale = useLocale();
  const notify = useNotify();
  const session = useSession();
  const [choice, setChoice] = useState<StartBreakBody>({ kind: 'time-out', duration: '1d' });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const started = await protectionApi.startBreak(choice, locale);
      const until = format.dateTime(new Date(started.until!), {
        dateStyle: 'long',
        timeStyle: 'short',
      });
      notify(t(`started.${choice.kind}`, { until }), 'success');
      // The platform ended every session: forget this one too, on the way home.
      session.signOutTo?.('/');
    } catch (cause) {
      setError(errorMessage(cause, te('anErrorOccurred')));
      setBusy(false);
      setConfirming(false);
    }
  };

  const pickDuration = (value: string) =>
    setChoice((c) =>
      c.kind === 'time-out'
        ? { kind: c.kind, duration: timeOutDurations.find((d) => d === value) ?? c.duration }
        : { kind: c.kind, duration: selfExclusionDurations.find((d) => d === value) ?? c.duration },
    );

  return (
    <Card component="section" aria-labelledby="break-title" data-testid="break-card">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="break-title" variant="h6" component="h2">
            {t('title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('intro')}
          </Typography>
          {error && (
            <Alert severity="error" onClose={() => setError(null)}>
              {error}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={t('kindLabel')}
              value={choice.kind}
              onChange={(e) =>
                setChoice(
                  e.target.value === 'self-exclusion'
                    ? { kind: 'self-exclusion', duration: '6m' }
                    : { kind: 'time-out', duration: '1d' },
                )
              }
              fullWidth
            >
              <MenuItem value="time-out">{t('kind.time-out')}</MenuItem>
              <MenuItem value="self-exclusion">{t('kind.self-exclusion')}</MenuItem>
            </TextField>
            <TextField
              select
              label={t('durationLabel')}
              value={choice.duration}
              onChange={(e) => pickDuration(e.target.value)}
              fullWidth
            >
              {(choice.kind === 'time-out' ? timeOutDurations : selfExclusionDurations).map((d) => (
                <MenuItem key={d} value={d}>
                  {t(`duration.${d}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Button
            variant="outlinedSecondary"
            onClick={() => setConfirming(true)}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t(`start.${choice.kind}`)}
          </Button>
        </Stack>
      </CardContent>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby="break-confirm-title"
      >
        <DialogTitle id="break-confirm-title">{t(`confirmTitle.${choice.kind}`)}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('confirmText', { duration: t(`duration.${choice.duration}`) })}
          </DialogContentText>
          {choice.kind === 'self-exclusion' && (
            <DialogContentText sx={{ mt: 1 }}>{t('finalNote')}</DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button variant="outlinedSecondary" onClick={() => setConfirming(false)} autoFocus>
            {t('cancel')}
          </Button>
          <Button variant="contained" color="error" loading={busy} onClick={() => void start()}>
            {t('confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
