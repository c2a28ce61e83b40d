'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { OperatorRole } from '@/lib/schemas/operator';
import type { StaffAccountRow } from '@/lib/schemas/staff';
import { destructiveContained, destructiveOutlined } from '../destructive';
import { useOperatorApi } from '../operator-api';
import { useRoomNotice } from '../room-notice';
import { NewStaffForm } from './new-staff-form';
import { RoleSelect } from './role-select';
import { SecretDialog } from './secret-dialog';

type Secret = { name: string; secret: string; otpauthUrl: string };
type Asking = { kind: 'disable' | 'totp'; member: StaffAccountRow };

/**
 * The staff room (admins): the accounts, a new one, a role changed, an authenticator reset, an
 * account disabled. The API refuses the last admin's demotion or disabling; the room says so.
 */
export function StaffRoom() {
  const t = useTranslations('backOffice.staff');
  const roleName = useTranslations('backOffice.roles');
  const format = useFormatter();
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  const { notice, done, failed } = useRoomNotice();
  const [secret, setSecret] = useState<Secret | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const accounts = useQuery({
    queryKey: ['operator', 'staff'],
    queryFn: () => api<StaffAccountRow[]>('/operator/staff/accounts'),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['operator', 'staff'] });
  const refused = (error: Error) => failed(error.message);

  const changeRole = useMutation({
    mutationFn: ({ member, role }: { member: StaffAccountRow; role: OperatorRole }) =>
      api(`/operator/staff/${member.id}`, { method: 'PATCH', body: { role } }),
    onSuccess: (_answer, { member, role }) =>
      done(t('roleChanged', { name: member.name, role: roleName(role) })),
    onError: refused,
    onSettled: refresh,
  });
  const act = useMutation({
    mutationFn: ({ kind, member }: Asking) =>
      kind === 'disable'
        ? api(`/operator/staff/${member.id}/disable`, { method: 'POST' })
        : api<{ secret: string; otpauthUrl: string }>(`/operator/staff/${member.id}/totp`, {
            method: 'POST',
          }),
    onSuccess: (answer, { kind, member }) => {
      if (kind === 'totp') {
        const fresh = answer as { secret: string; otpauthUrl: string };
        setSecret({ name: member.name, ...fresh });
      } else {
        done(t('disabledDone', { name: member.name }));
      }
    },
    onError: refused,
    onSettled: () => {
      setAsking(null);
      void refresh();
    },
  });
  const create = async (values: {
    email: string;
    name: string;
    role: string;
    password: string;
  }) => {
    try {
      const made = await api<{ name: string; secret: string; otpauthUrl: string }>(
        '/operator/staff',
        {
          method: 'POST',
          body: values,
        },
      );
      setSecret({ name: made.name, secret: made.secret, otpauthUrl: made.otpauthUrl });
      void refresh();
      return true;
    } catch (error) {
      refused(error as Error);
      return false;
    }
  };

  return (
    <Box sx={{ p: { xs: 1, md: 3 }, width: '100%', minWidth: 0 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      <NewStaffForm onCreate={create} />
      {accounts.isError && <Alert severity="error">{accounts.error.message}</Alert>}
      <TableContainer tabIndex={0} role="region" aria-label={t('accounts')}>
        <Table size="small" aria-label={t('accounts')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('columns.name')}</TableCell>
              <TableCell>{t('columns.email')}</TableCell>
              <TableCell>{t('columns.role')}</TableCell>
              <TableCell>{t('columns.lastSignIn')}</TableCell>
              <TableCell>{t('columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {accounts.data?.map((member) => (
              <TableRow key={member.id} data-testid="staff-row">
                <TableCell>{member.name}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>{member.email}</TableCell>
                <TableCell>
                  {member.disabledAt ? (
                    t('disabled')
                  ) : (
                    <RoleSelect
                      value={member.role}
                      label={t('roleOf', { name: member.name })}
                      onChange={(event) =>
                        changeRole.mutate({ member, role: event.target.value as OperatorRole })
                      }
                    />
                  )}
                </TableCell>
                <TableCell>
                  {member.lastSignInAt
                    ? format.dateTime(new Date(member.lastSignInAt), {
                        dateStyle: 'short',
                        timeStyle: 'short',
                      })
                    : t('never')}
                </TableCell>
                <TableCell>
                  {!member.disabledAt && (
                    <Stack direction="row" spacing={1}>
                      <Button
                        size="small"
                        variant="outlined"
                        aria-label={t('resetTotpFor', { name: member.name })}
                        onClick={() => setAsking({ kind: 'totp', member })}
                      >
                        {t('resetTotp')}
                      </Button>
                      <Button
                        size="small"
                        variant="outlined"
                        sx={destructiveOutlined}
                        aria-label={t('disableFor', { name: member.name })}
                        onClick={() => setAsking({ kind: 'disable', member })}
                      >
                        {t('disable')}
                      </Button>
                    </Stack>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {asking && (
        <Dialog open onClose={() => setAsking(null)}>
          <DialogTitle>
            {asking.kind === 'disable'
              ? t('disableFor', { name: asking.member.name })
              : t('resetTotpFor', { name: asking.member.name })}
          </DialogTitle>
          <DialogContent>
            <DialogContentText>
              {asking.kind === 'disable' ? t('confirmDisable') : t('confirmReset')}
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setAsking(null)}>{t('cancel')}</Button>
            <Button
              variant="contained"
              sx={destructiveContained}
              loading={act.isPending}
              onClick={() => act.mutate(asking)}
            >
              {asking.kind === 'disable' ? t('disable') : t('resetTotp')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
      {secret && <SecretDialog {...secret} onClose={() => setSecret(null)} />}
      {notice}
    </Box>
  );
}
