'use client';

import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { verificationApi, verificationKeys, verificationQuery } from '@/lib/api/verification';
import {
  documentsOfLevel,
  KYC_DOCUMENT_MAX_BYTES,
  type DocumentKind,
  type KycDetails,
  type Verification,
} from '@/lib/schemas/kyc';
import { errorMessage } from '@/components/auth/error-message';
import { StatusChip } from '@/components/wallet/status-chip';
import { DetailsForm } from './details-form';
import { DocumentRow } from './document-row';
import { RefusalReason } from './refusal-reason';
import { reviewColor } from './review-color';

/**
 * Verification: level 1 (details), level 2 (identity: both sides and a selfie) and level 3 (proof
 * of address, source of funds), each with its state; the caps the approved level sets.
 */
export function VerificationView() {
  const t = useTranslations('verification');
  const te = useTranslations('errors');
  const format = useFormatter();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const query = useQuery(verificationQuery());
  const [busy, setBusy] = useState<DocumentKind | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  if (query.isPending) return <CircularProgress aria-label={t('loading')} />;
  if (query.isError) {
    return <Alert severity="error">{errorMessage(query.error, te('anErrorOccurred'))}</Alert>;
  }
  const v = query.data;
  const stateOf = (level: number) => v.levels.find((l) => l.level === level)!;
  const update = (next: Verification) =>
    queryClient.setQueryData(verificationKeys.verification, next);

  const submitDetails = async (details: KycDetails) => {
    setResult(null);
    try {
      update(await verificationApi.submitDetails(details, locale));
      setResult({ ok: true, text: t('detailsSaved') });
    } catch (cause) {
      setResult({ ok: false, text: errorMessage(cause, te('anErrorOccurred')) });
    }
  };

  const send = async (kind: DocumentKind, file: File) => {
    setResult(null);
    if (file.size > KYC_DOCUMENT_MAX_BYTES) {
      setResult({ ok: false, text: t('tooLarge') });
      return;
    }
    setBusy(kind);
    try {
      await verificationApi.upload(kind, file, locale);
      await queryClient.invalidateQueries({ queryKey: verificationKeys.verification });
      setResult({ ok: true, text: t('uploaded', { document: t(`document.${kind}`) }) });
    } catch (cause) {
      setResult({ ok: false, text: errorMessage(cause, te('anErrorOccurred')) });
    } finally {
      setBusy(null);
    }
  };

  const usd = (n: number | null) =>
    n === null ? t('noCap') : format.number(n, { style: 'currency', currency: 'USD' });

  return (
    <Stack spacing={3}>
      <Alert severity="info" data-testid="kyc-caps">
        {t('caps', {
          level: v.currentLevel,
          daily: usd(v.caps.dailyUsd),
          monthly: usd(v.caps.monthlyUsd),
        })}
      </Alert>
      {result && (
        <Alert severity={result.ok ? 'success' : 'error'} onClose={() => setResult(null)}>
          {result.text}
        </Alert>
      )}
      {([1, 2, 3] as const).map((level) => {
        const state = stateOf(level);
        const open = level === 1 || stateOf(level - 1).status === 'approved';
        return (
          <Card
            key={level}
            component="section"
            aria-labelledby={`kyc-level-${level}`}
            data-testid={`kyc-level-${level}`}
          >
            <CardContent>
              <Stack spacing={2}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography id={`kyc-level-${level}`} variant="h6" component="h2">
                    {t(`level.${level}`)}
                  </Typography>
                  <StatusChip
                    color={reviewColor(state.status)}
                    label={t(`status.${state.status}`)}
                  />
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {t(`levelIntro.${level}`)}
                </Typography>
                {state.reason && (
                  <Alert severity="warning">
                    <RefusalReason reason={state.reason} note={state.note} variant="body2" />
                  </Alert>
                )}
                {level === 1 &&
                  (state.status === 'approved' && v.details ? (
                    <Typography variant="body2">
                      {t('detailsSummary', {
                        name: `${v.details.firstName} ${v.details.lastName}`,
                        country:
                          new Intl.DisplayNames([locale], { type: 'region' }).of(
                            v.details.country,
                          ) ?? v.details.country,
                      })}
                    </Typography>
                  ) : (
                    <DetailsForm onSubmit={submitDetails} />
                  ))}
                {level > 1 && !open && (
                  <Typography variant="body2">{t('previousFirst')}</Typography>
                )}
                {level > 1 &&
                  open &&
                  documentsOfLevel[level === 2 ? 2 : 3].map((kind) => (
                    <DocumentRow
                      key={kind}
                      kind={kind}
                      document={v.documents.find((d) => d.kind === kind)}
                      accept={
                        level === 3
                          ? 'image/png,image/jpeg,image/webp,application/pdf'
                          : 'image/png,image/jpeg,image/webp'
                      }
                      disabled={state.status === 'approved' || busy !== null}
                      busy={busy === kind}
                      onFile={(file) => void send(kind, file)}
                    />
                  ))}
              </Stack>
            </CardContent>
          </Card>
        );
      })}
    </Stack>
  );
}
