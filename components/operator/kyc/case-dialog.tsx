'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import NextLink from 'next/link';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { KycCase, KycRefusalReason, KycReview } from '@/lib/schemas/kyc';
import { RefusalReason } from '@/components/verification/refusal-reason';
import { useOperatorApi } from '../operator-api';
import { DocumentView } from './document-view';
import { RefuseForm } from './refuse-form';

type Level = KycCase['levels'][number];

/** The level-1 details a reviewer holds the documents against. */
function Details({ details }: { details: NonNullable<KycCase['details']> }) {
  const tv = useTranslations('verification');
  const locale = useLocale();
  const format = useFormatter();
  const country = new Intl.DisplayNames([locale], { type: 'region' }).of(details.country);
  const rows: [string, string][] = [
    [tv('field.firstName'), details.firstName],
    [tv('field.lastName'), details.lastName],
    [
      tv('field.birthDate'),
      format.dateTime(new Date(`${details.birthDate}T00:00:00Z`), {
        dateStyle: 'long',
        timeZone: 'UTC',
      }),
    ],
    [tv('field.country'), country ?? details.country],
    [tv('field.address'), details.address],
    [tv('field.city'), details.city],
    [tv('field.postalCode'), details.postalCode],
  ];
  return (
    <Stack component="dl" spacing={0.5} sx={{ m: 0 }}>
      {rows.map(([term, value]) => (
        <Stack key={term} direction="row" spacing={1}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ minWidth: 140 }}>
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/** One level of the case: its state, its documents inline, and the decision while it waits. */
function LevelReview({
  level,
  onDecide,
}: {
  level: Level;
  onDecide: (review: KycReview) => Promise<unknown>;
}) {
  const t = useTranslations('backOffice.kyc');
  const tv = useTranslations('verification');
  const format = useFormatter();
  const [refusing, setRefusing] = useState(false);
  return (
    <Stack component="section" spacing={1.5} aria-labelledby={`kyc-case-level-${level.level}`}>
      <Typography id={`kyc-case-level-${level.level}`} variant="h6" component="h3">
        {tv(`level.${level.level}`)}
      </Typography>
      <Typography variant="body2">
        {t('levelState', {
          status: tv(`status.${level.status}`),
          since: format.dateTime(new Date(level.since), {
            dateStyle: 'medium',
            timeStyle: 'short',
          }),
        })}
      </Typography>
      <RefusalReason reason={level.reason} note={level.note} variant="body2" />
      {level.documents.map((document) => (
        <DocumentView key={document.id} document={document} />
      ))}
      {level.status === 'pending' &&
        (refusing ? (
          <RefuseForm
            level={level.level}
            onCancel={() => setRefusing(false)}
            onRefuse={(reason: KycRefusalReason, note: string) =>
              onDecide({ decision: 'reject', reason, ...(note ? { note } : {}) })
            }
          />
        ) : (
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={() => void onDecide({ decision: 'approve' })}>
              {t('approveLevel', { level: level.level })}
            </Button>
            <Button variant="outlined" onClick={() => setRefusing(true)}>
              {t('refuseLevel', { level: level.level })}
            </Button>
          </Stack>
        ))}
    </Stack>
  );
}

/**
 * A player's KYC case, opened from the queue by its address (`?case=<player>`): the details, each
 * level with its documents drawn inside the room, approve or refuse. Opening it is an audited read.
 */
export function CaseDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const t = useTranslations('backOffice.kyc');
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  // Said inside the dialog: while it is open, everything behind it is hidden from assistive technology.
  const [outcome, setOutcome] = useState<{ text: string; error: boolean } | null>(null);
  const found = useQuery({
    queryKey: ['operator', 'kyc-case', userId],
    queryFn: () => api<KycCase>(`/operator/kyc/${userId}`),
  });
  const decide = useMutation({
    mutationFn: ({ level, review }: { level: 2 | 3; review: KycReview }) =>
      api<{ status: string }>(`/operator/kyc/${userId}/levels/${level}`, {
        method: 'POST',
        body: review,
      }),
    onSuccess: (_result, { level, review }) =>
      setOutcome({
        error: false,
        text: t(review.decision === 'approve' ? 'done.approved' : 'done.refused', {
          username: found.data?.username ?? '',
          level,
        }),
      }),
    onError: (error) => setOutcome({ error: true, text: error.message }),
    // The queue, this case and the overview's count: not the documents, whose bytes have not
    // changed (fetching them again would be another audited read for nothing).
    onSettled: () =>
      Promise.all(
        [
          ['operator', 'kyc'],
          ['operator', 'kyc-case', userId],
          ['operator', 'overview'],
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
  const player = found.data;
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby="kyc-case-title"
    >
      <DialogTitle id="kyc-case-title">
        {player
          ? t('caseTitle', { username: player.username, memberId: player.memberId })
          : t('case')}
      </DialogTitle>
      <DialogContent dividers>
        {outcome && (
          <Alert severity={outcome.error ? 'error' : 'success'} sx={{ mb: 2 }}>
            {outcome.text}
          </Alert>
        )}
        {found.isPending && <CircularProgress aria-label={t('loading')} />}
        {found.isError && <Alert severity="error">{found.error.message}</Alert>}
        {player && (
          <Stack spacing={2}>
            <Typography variant="body2">
              {t('currentLevel', { level: player.currentLevel })} ·{' '}
              <Link
                component={NextLink}
                href={`/operator/players/${player.userId}`}
                underline="always"
              >
                {t('playerPage')}
              </Link>
            </Typography>
            {player.details ? (
              <Details details={player.details} />
            ) : (
              <Alert severity="warning">{t('noDetails')}</Alert>
            )}
            {player.levels.map((level) => (
              <Stack key={level.level} spacing={2}>
                <Divider />
                <LevelReview
                  level={level}
                  onDecide={(review) =>
                    decide.mutateAsync({ level: level.level, review }).catch(() => undefined)
                  }
                />
              </Stack>
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
