'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { useOperatorApi } from './operator-api';
import { STAFF_SESSION_KEY, type StaffSession } from './use-staff';

/** Staff sign-in: email, password and the authenticator's code, all three every time. */
export function StaffSignInForm() {
  const t = useTranslations('backOffice');
  const api = useOperatorApi();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const member = await api<StaffSession>('/operator/session', {
        method: 'POST',
        body: {
          email: String(form.get('email') ?? ''),
          password: String(form.get('password') ?? ''),
          code: String(form.get('code') ?? '').replace(/\s/g, ''),
        },
      });
      // The rooms read who is signed in from the cache, where the visit that sent here to sign in
      // left null: the answer takes its place, or the rooms would send back here at once (and the
      // authenticator's code, single use, would be spent for nothing).
      const session: StaffSession = { id: member.id, name: member.name, role: member.role };
      queryClient.setQueryData(STAFF_SESSION_KEY, session);
      // Every role lands on its overview: what waits for it.
      router.replace('/operator');
    } catch (e) {
      setError(e instanceof Error ? e.message : t('signInFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack
      component="main"
      sx={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Paper variant="outlined" sx={{ p: 4, width: '100%', maxWidth: 400 }}>
        <Stack component="form" spacing={2} onSubmit={submit} noValidate>
          <Typography variant="h4" component="h1">
            {t('signInTitle')}
          </Typography>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField name="email" type="email" label={t('email')} autoComplete="email" required />
          <TextField
            name="password"
            type="password"
            label={t('password')}
            autoComplete="current-password"
            required
          />
          <TextField
            name="code"
            label={t('code')}
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
            required
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {t('signIn')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
