'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { securityApi, securityKeys, sessionsQuery } from '@/lib/api/security';
import type { AccountSession } from '@/lib/schemas/security';
import { errorMessage } from '@/components/auth/error-message';
import { StatusChip } from '@/components/wallet/status-chip';
import { useDeviceLabel } from './use-device-label';

/** The player's live sessions: the current one marked; sign out any other, or all others at once. */
export function SessionsCard() {
  const t = useTranslations('security');
  const te = useTranslations('errors');
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery());
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
  const onError = (cause: unknown) => setError(errorMessage(cause, te('anErrorOccurred')));
  const signOutOne = useMutation({
    mutationFn: securityApi.signOutSession,
    onSuccess: refresh,
    onError,
  });
  const signOutOthers = useMutation({
    mutationFn: securityApi.signOutOthers,
    onSuccess: refresh,
    onError,
  });
  const others = (sessions.data ?? []).filter((s) => !s.current);

  return (
    <Card component="section" aria-labelledby="sessions-title" data-testid="sessions-card">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="sessions-title" variant="h6" component="h2">
            {t('sessionsTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('sessionsIntro')}
          </Typography>
          {error && (
            <Alert severity="error" onClose={() => setError(null)}>
              {error}
            </Alert>
          )}
          {sessions.isError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void sessions.refetch()}>
                  {t('retry')}
                </Button>
              }
            >
              {te('anErrorOccurred')}
            </Alert>
          )}
          <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {(sessions.data ?? []).map((s) => (
              <SessionRow
                key={s.id}
                session={s}
                busy={signOutOne.isPending && signOutOne.variables === s.id}
                onSignOut={() => signOutOne.mutate(s.id)}
              />
            ))}
          </Stack>
          {others.length > 0 && (
            <Button
              variant="outlinedSecondary"
              onClick={() => signOutOthers.mutate()}
              loading={signOutOthers.isPending}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('signOutOthers')}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function SessionRow({
  session,
  busy,
  onSignOut,
}: {
  session: AccountSession;
  busy: boolean;
  onSignOut: () => void;
}) {
  const t = useTranslations('security');
  const format = useFormatter();
  const deviceLabel = useDeviceLabel();
  const name = deviceLabel(session);
  return (
    <Stack
      component="li"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover', alignItems: { sm: 'center' } }}
      data-testid="session-row"
      data-current={session.current}
    >
      <Stack sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle2">{name}</Typography>
          {session.current && <StatusChip color="success" label={t('thisDevice')} />}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {[
            session.ip,
            t('lastSeen', {
              time: format.dateTime(new Date(session.lastSeenAt), {
                dateStyle: 'medium',
                timeStyle: 'short',
              }),
            }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Stack>
      {!session.current && (
        <Button
          size="small"
          variant="outlinedSecondary"
          onClick={onSignOut}
          loading={busy}
          aria-label={t('signOutDevice', { device: name })}
        >
          {t('signOut')}
        </Button>
      )}
    </Stack>
  );
}
