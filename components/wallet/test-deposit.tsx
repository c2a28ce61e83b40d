'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { walletApi } from '@/lib/api/wallet';
import { walletKeys } from '@/lib/api/queries/wallet';
import type { TestDeposit } from '@/lib/schemas/wallet';
import { formatAmount } from '@/lib/wallet/format';
import { errorMessage } from '@/components/auth/error-message';

/**
 * The local demo's "Send a test deposit": the demo chain's funder sends to this address, and the
 * deposit then shows pending below and credits like any other. The platform offers it only to a
 * browser on the demo's own machine.
 */
export function TestDepositButton({
  currency,
  confirmations,
}: {
  currency: TestDeposit['currency'];
  confirmations: number;
}) {
  const t = useTranslations('wallet.testDeposit');
  const tErrors = useTranslations('errors');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () => walletApi.testDeposit(currency, locale),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.deposits }),
  });
  return (
    <Stack spacing={1} data-testid="test-deposit">
      <Alert severity="info">{t('explain')}</Alert>
      <Button
        variant="contained"
        onClick={() => send.mutate()}
        loading={send.isPending}
        disabled={send.isPending}
      >
        {t('send')}
      </Button>
      {send.isSuccess && (
        <Alert severity="success" aria-live="polite">
          {t('sent', {
            amount: `${formatAmount(send.data.amount, locale, { minFraction: 0 })} ${send.data.currency}`,
            count: confirmations,
          })}
        </Alert>
      )}
      {send.isError && (
        <Alert severity="error">{errorMessage(send.error, tErrors('anErrorOccurred'))}</Alert>
      )}
    </Stack>
  );
}
