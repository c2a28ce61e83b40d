'use client';

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { walletKeys, withdrawalsQuery } from '@/lib/api/queries/wallet';
import { walletApi } from '@/lib/api/wallet';
import { formatAmount } from '@/lib/wallet/format';
import { playerKeys } from '@/lib/api/queries/player';
import { StatusChip, statusColor } from './status-chip';

/** The player's recent withdrawals with their status; a pending one can be cancelled. */
export function WithdrawalsList() {
  const t = useTranslations('wallet');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const list = useQuery(withdrawalsQuery());
  const cancel = useMutation({
    mutationFn: (id: string) => walletApi.cancelWithdrawal(id, locale),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.withdrawals });
      void queryClient.invalidateQueries({ queryKey: playerKeys.balances });
    },
  });
  const recent = list.data?.slice(0, 5) ?? [];
  if (!recent.length) return null;
  return (
    <Stack spacing={1} component="section" aria-label={t('recentWithdrawals')}>
      <Typography variant="subtitle2">{t('recentWithdrawals')}</Typography>
      {recent.map((w) => (
        <Stack
          key={w.id}
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between' }}
          data-testid="withdrawal-row"
        >
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {formatAmount(w.amount, locale)} {w.currency}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <StatusChip color={statusColor(w.status)} label={t(`status.${w.status}`)} />
            {w.status === 'pending' && (
              <Button
                size="small"
                onClick={() => cancel.mutate(w.id)}
                loading={cancel.isPending && cancel.variables === w.id}
              >
                {t('cancel')}
              </Button>
            )}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}
