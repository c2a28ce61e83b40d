'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { protectionApi, protectionKeys } from '@/lib/api/protection';
import { playerKeys } from '@/lib/api/queries/player';
import { realityCheckChoices } from '@/lib/schemas/protection';
import { errorMessage } from '@/components/auth/error-message';

/** How often the reality check appears while the player is signed in, or off. */
export function RealityCheckCard({ minutes }: { minutes: number | null }) {
  const t = useTranslations('protection.realityCheck');
  const te = useTranslations('errors');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(minutes === null ? 'off' : String(minutes));
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setResult(null);
    try {
      const next = await protectionApi.setRealityCheck(
        value === 'off' ? null : Number(value),
        locale,
      );
      queryClient.setQueryData(protectionKeys.protection, next);
      // The profile carries the setting the session's check runs from.
      await queryClient.invalidateQueries({ queryKey: playerKeys.profile });
      setResult({ ok: true, text: t('saved') });
    } catch (cause) {
      setResult({ ok: false, text: errorMessage(cause, te('anErrorOccurred')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="reality-title" data-testid="reality-check-card">
      <CardContent>
        <Stack spacing={2} component="form" onSubmit={save} noValidate>
          <Typography id="reality-title" variant="h6" component="h2">
            {t('cardTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('intro')}
          </Typography>
          {result && (
            <Alert severity={result.ok ? 'success' : 'error'} onClose={() => setResult(null)}>
              {result.text}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={t('interval')}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              sx={{ minWidth: 220 }}
            >
              <MenuItem value="off">{t('off')}</MenuItem>
              {realityCheckChoices.map((m) => (
                <MenuItem key={m} value={String(m)}>
                  {t('every', { minutes: m })}
                </MenuItem>
              ))}
            </TextField>
            <Button type="submit" variant="header" loading={busy} sx={{ alignSelf: 'center' }}>
              {t('save')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
