'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import NextLink from 'next/link';
import { useTranslations } from 'next-intl';
import type { PlayerPage } from '@/lib/schemas/back-office-players';
import { useOperatorApi } from '../operator-api';
import { useRoomNotice } from '../room-notice';
import { useStaff } from '../use-staff';
import { LedgerSection } from './ledger-section';
import { NotesSection } from './notes-section';
import { PlayerActions } from './player-actions';
import {
  BalancesSection,
  FlagsSection,
  KycSection,
  LimitsSection,
  ProfileSection,
  SignInsSection,
} from './player-sections';

/** The player page: who they are, their money, their risk, what staff wrote, what staff may do. */
export function PlayerView({ id }: { id: string }) {
  const t = useTranslations('backOffice.players');
  const api = useOperatorApi();
  const me = useStaff().data;
  const { notice, done, failed } = useRoomNotice();
  const page = useQuery({
    queryKey: ['operator', 'player', id],
    queryFn: () => api<PlayerPage>(`/operator/players/${id}`),
  });
  const data = page.data;

  return (
    <Box sx={{ p: { xs: 1, md: 3 }, width: '100%', minWidth: 0 }}>
      <Link component={NextLink} href="/operator/players">
        {t('back')}
      </Link>
      {page.isError && <Alert severity="error">{page.error.message}</Alert>}
      {page.isPending && <CircularProgress aria-label={t('loading')} />}
      {data && me && (
        <>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            sx={{ my: 2, alignItems: { md: 'center' }, justifyContent: 'space-between' }}
          >
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ alignItems: 'center', flexWrap: 'wrap' }}
            >
              <Typography variant="h5" component="h1">
                {data.profile.username}
              </Typography>
              <Chip
                label={t(`status.${data.profile.status}`)}
                color={data.profile.status === 'blocked' ? 'error' : 'default'}
              />
              <Chip label={t('kycLevel', { level: data.kyc.level })} />
              {data.approvals.length > 0 && (
                <Chip
                  color="warning"
                  label={t('waitingApprovals', { count: data.approvals.length })}
                />
              )}
            </Stack>
            <PlayerActions page={data} role={me.role} onDone={done} onError={failed} />
          </Stack>
          {/* The rooms that work on this player, one click away for the roles that may open them. */}
          <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
            {(me.role === 'admin' || me.role === 'risk') && (
              <Button
                component={NextLink}
                href={`/operator/kyc?case=${data.profile.id}`}
                size="small"
              >
                {t('openKycCase')}
              </Button>
            )}
            {(me.role === 'admin' || me.role === 'support') && data.supportConversationId && (
              <Button
                component={NextLink}
                href={`/operator/support?${new URLSearchParams({ conversation: data.supportConversationId, player: data.profile.id })}`}
                size="small"
              >
                {t('openConversation')}
              </Button>
            )}
            {(me.role === 'admin' || me.role === 'support') && (
              <Button
                component={NextLink}
                href={`/operator/notices?${new URLSearchParams({ compose: '1', player: data.profile.username })}`}
                size="small"
              >
                {t('writeNotice')}
              </Button>
            )}
          </Stack>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <ProfileSection page={data} />
            <BalancesSection page={data} />
            <KycSection page={data} />
            <FlagsSection page={data} />
            <NotesSection page={data} onError={failed} />
            <SignInsSection page={data} />
            <LimitsSection page={data} />
            <LedgerSection userId={id} />
          </Box>
        </>
      )}
      {notice}
    </Box>
  );
}
