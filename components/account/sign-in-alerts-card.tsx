'use client';

import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { playerApi } from '@/lib/api/auth';
import { playerKeys, profileQuery } from '@/lib/api/queries/player';
import { errorMessage } from '@/components/auth/error-message';

/** The optional email on a sign-in from a device the account has not seen before. */
export function SignInAlertsCard() {
  const t = useTranslations('security');
  const te = useTranslations('errors');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const profile = useQuery(profileQuery());
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  if (!profile.data?.email) return null;
  const on = profile.data.settings.signInAlerts;

  const toggle = async (next: boolean) => {
    setBusy(true);
    setResult(null);
    try {
      queryClient.setQueryData(
        playerKeys.profile,
        await playerApi.updateSettings({ signInAlerts: next }, locale),
      );
      setResult({ ok: true, text: t('alertsSaved') });
    } catch (cause) {
      setResult({ ok: false, text: errorMessage(cause, te('anErrorOccurred')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="alerts-title" data-testid="sign-in-alerts-card">
      <CardContent>
        <Stack spacing={1.5}>
          <Typography id="alerts-title" variant="h6" component="h2">
            {t('alertsTitle')}
          </Typography>
          {result && (
            <Alert severity={result.ok ? 'success' : 'error'} onClose={() => setResult(null)}>
              {result.text}
            </Alert>
          )}
          <FormControlLabel
            control={
              <Switch checked={on} disabled={busy} onChange={(_, next) => void toggle(next)} />
            }
            label={t('alertsSwitch')}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
