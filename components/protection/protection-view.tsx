'use client';

import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { protectionQuery } from '@/lib/api/protection';
import { errorMessage } from '@/components/auth/error-message';
import { AccountDataCard } from './account-data-card';
import { BreakCard } from './break-card';
import { LimitsCard } from './limits-card';
import { RealityCheckCard } from './reality-check-card';

/**
 * The player protection page: limits, the reality check, a time-out or self-exclusion, the data
 * export and closure. A restricted session sees its limits and can download its data; nothing
 * else can change until the break ends.
 */
export function ProtectionView() {
  const t = useTranslations('protection');
  const te = useTranslations('errors');
  const protection = useQuery(protectionQuery());
  if (protection.isPending) return <CircularProgress aria-label={t('loading')} />;
  if (protection.isError) {
    return <Alert severity="error">{errorMessage(protection.error, te('anErrorOccurred'))}</Alert>;
  }
  const data = protection.data;
  const restricted = data.restrictedSession;
  return (
    <Stack spacing={3}>
      <LimitsCard protection={data} readOnly={restricted} />
      {!restricted && <RealityCheckCard minutes={data.realityCheckMinutes} />}
      {!restricted && <BreakCard />}
      <AccountDataCard canClose={!restricted} />
    </Stack>
  );
}
