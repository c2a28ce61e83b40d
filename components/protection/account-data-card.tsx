'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { protectionApi } from '@/lib/api/protection';
import { profileQuery } from '@/lib/api/queries/player';
import { errorMessage } from '@/components/auth/error-message';
import { PasswordField } from '@/components/auth/password-field';
import { useNotify } from '@/components/layout/notice-context';
import { useSession } from '@/components/session/session-context';

/** Saves a downloaded file under the name the platform gave it. */
function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The player's data and the account itself: a JSON download of everything kept about them, and
 * closure — a self-exclusion that never ends, confirmed with the password (or a recent sign-in);
 * what remains, or arrives later, can still be withdrawn.
 */
export function AccountDataCard({ canClose }: { canClose: boolean }) {
  const t = useTranslations('protection.data');
  const te = useTranslations('errors');
  const locale = useLocale();
  const notify = useNotify();
  const session = useSession();
  const profile = useQuery(profileQuery());
  const hasPassword = profile.data?.hasPassword ?? true;
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [busy, setBusy] = useState<'export' | 'close' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy('export');
    setError(null);
    try {
      const { blob, filename } = await protectionApi.exportData(locale);
      saveFile(blob, filename);
    } catch (cause) {
      setError(errorMessage(cause, te('anErrorOccurred')));
    } finally {
      setBusy(null);
    }
  };

  const close = async (event: FormEvent) => {
    event.preventDefault();
    if (!understood) return;
    setBusy('close');
    setError(null);
    try {
      await protectionApi.close(hasPassword ? password : undefined, locale);
      notify(t('closed'), 'success');
      // The platform ended every session: forget this one too, on the way home.
      session.signOutTo?.('/');
    } catch (cause) {
      setError(errorMessage(cause, te('anErrorOccurred')));
      setBusy(null);
    }
  };

  return (
    <Card component="section" aria-labelledby="data-title" data-testid="account-data-card">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="data-title" variant="h6" component="h2">
            {t('title')}
          </Typography>
          {error && (
            <Alert severity="error" onClose={() => setError(null)}>
              {error}
            </Alert>
          )}
          <Typography variant="body2" color="text.secondary">
            {t('exportIntro')}
          </Typography>
          <Button
            variant="outlinedSecondary"
            loading={busy === 'export'}
            onClick={() => void download()}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('export')}
          </Button>
          {canClose && (
            <Stack component="form" spacing={2} onSubmit={close} noValidate>
              <Typography variant="subtitle1" component="h3">
                {t('closeTitle')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('closeIntro')}
              </Typography>
              {hasPassword && (
                <PasswordField
                  label={t('password')}
                  autoComplete="current-password"
                  name="password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              )}
              <FormControlLabel
                control={
                  <Checkbox
                    checked={understood}
                    onChange={(e) => setUnderstood(e.target.checked)}
                  />
                }
                label={t('understand')}
              />
              <Button
                type="submit"
                variant="contained"
                color="error"
                disabled={!understood || (hasPassword && !password)}
                loading={busy === 'close'}
                sx={{ alignSelf: 'flex-start' }}
              >
                {t('close')}
              </Button>
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
