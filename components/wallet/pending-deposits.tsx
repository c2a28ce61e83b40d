'use client';

import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { depositsQuery } from '@/lib/api/queries/wallet';
import { formatAmount } from '@/lib/wallet/format';

/** Deposits still confirming, with their confirmations as they grow (the socket refreshes them). */
export function PendingDeposits() {
  const t = useTranslations('wallet');
  const locale = useLocale();
  const deposits = useQuery(depositsQuery());
  const pending = deposits.data?.filter((d) => d.status === 'pending') ?? [];
  if (!pending.length) return null;
  return (
    <Stack
      spacing={1}
      component="section"
      aria-label={t('pendingTitle')}
      data-testid="pending-deposits"
    >
      <Typography variant="subtitle2">{t('pendingTitle')}</Typography>
      {pending.map((d) => (
        <Stack key={d.id} spacing={0.5} data-testid="pending-deposit">
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {formatAmount(d.amount, locale)} {d.currency}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('confirmations', { count: d.confirmations, required: d.confirmationsRequired })}
            </Typography>
          </Stack>
          <LinearProgress
            variant="determinate"
            value={(100 * d.confirmations) / d.confirmationsRequired}
            aria-label={t('confirmations', {
              count: d.confirmations,
              required: d.confirmationsRequired,
            })}
          />
          {/* A custodian's deposit may have no hash yet: it counts its confirmations itself. */}
          {/* The platform gives the explorer's page; a local chain has none: the hash alone. */}
          {d.txHash && d.explorerUrl && (
            <Link
              href={d.explorerUrl}
              target="_blank"
              rel="noopener noreferrer"
              variant="caption"
              sx={{ wordBreak: 'break-all' }}
            >
              {d.txHash}
            </Link>
          )}
          {d.txHash && !d.explorerUrl && (
            <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {d.txHash}
            </Typography>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
