'use client';

import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';

import { ApiClientError } from '@/lib/api/client';
import { authProvidersQuery } from '@/lib/api/queries/auth';
import { depositAddressQuery, depositOptionsQuery } from '@/lib/api/queries/wallet';
import { testDepositCurrencies, type TestDeposit } from '@/lib/schemas/wallet';
import { formatAmount } from '@/lib/wallet/format';
import { useCopy } from '@/components/layout/account/use-copy';
import { errorMessage } from '@/components/auth/error-message';
import { useSession } from '@/components/session/session-context';
import { AddressQr } from './address-qr';
import { useNetworkLabel } from './network-label';
import { PairSelects, usePairPicker } from './pair-picker';

import { PendingDeposits } from './pending-deposits';
import { TestDepositButton } from './test-deposit';

const isTestCurrency = (currency: string): currency is TestDeposit['currency'] =>
  (testDepositCurrencies as readonly string[]).includes(currency);

/** Refusals that close deposits for the whole account, whatever the currency or network. */
const ACCOUNT_CLOSED_TO_DEPOSITS = new Set(['DEPOSIT_LIMIT_REACHED', 'PLAY_RESTRICTED']);

// wagmi, the Solana wallet adapter and the wallet SDKs load only when the player opens this panel.
const PayFromWallet = dynamic(() => import('./pay-from-wallet'), { ssr: false });
const PayFromSolana = dynamic(() => import('./pay-from-solana'), { ssr: false });

/**
 * Deposit: currency, then network (only where deposits are taken now), then the player's address
 * with its QR code, copy (confirmed for 2 s), minimum, confirmations and a warning naming the
 * network; deposits still confirming below. Without an address there is nothing to send to: past
 * a deposit limit (or during a break) only the platform's message shows, and after any other
 * failure the address's instructions are left out with it.
 */
export function DepositTab() {
  const t = useTranslations('wallet');
  const tErrors = useTranslations('errors');
  const locale = useLocale();
  const session = useSession();
  const options = useQuery(depositOptionsQuery());
  const picker = usePairPicker(options.data, session.wallet?.navbarCurrency);
  const { option } = picker;
  const address = useQuery({
    ...depositAddressQuery(option?.currency ?? '', option?.network ?? 'ethereum'),
    enabled: Boolean(option),
  });
  const labelOf = useNetworkLabel();
  const { copied, copy } = useCopy();
  const [paying, setPaying] = useState(false);
  const providers = useQuery({ ...authProvidersQuery(), enabled: paying });

  if (options.isPending) return <CircularProgress aria-label={t('loading')} />;
  if (options.isError) {
    return (
      <Alert severity="error">{errorMessage(options.error, tErrors('anErrorOccurred'))}</Alert>
    );
  }
  if (!option) return <Alert severity="info">{t('noDeposits')}</Alert>;
  if (
    address.error instanceof ApiClientError &&
    ACCOUNT_CLOSED_TO_DEPOSITS.has(address.error.code)
  ) {
    return (
      <Stack spacing={2} data-testid="deposit-tab">
        <Alert severity="warning" data-testid="deposit-refused">
          {errorMessage(address.error, tErrors('anErrorOccurred'))}
        </Alert>
        <PendingDeposits />
      </Stack>
    );
  }
  const networkLabel = labelOf(option.network);
  const pair = `${option.currency}-${option.network}`;
  // EVM options carry their chain id, Solana ones the RPC a wallet pays through; others none.
  const payPanel =
    !address.data || option.decimals === null ? null : option.chainId !== null ? (
      <PayFromWallet
        key={pair}
        deposit={{ ...address.data, chainId: option.chainId, decimals: option.decimals }}
        appName={window.location.host}
        walletConnect={providers.data?.walletConnect ?? null}
      />
    ) : option.rpcUrl !== null ? (
      <PayFromSolana
        key={pair}
        deposit={{ ...address.data, decimals: option.decimals, rpcUrl: option.rpcUrl }}
      />
    ) : null;

  return (
    <Stack spacing={2} data-testid="deposit-tab">
      <PairSelects picker={picker} />

      {address.isPending && <CircularProgress aria-label={t('loading')} />}
      {address.isError && (
        <Alert severity="error">{errorMessage(address.error, tErrors('anErrorOccurred'))}</Alert>
      )}
      {address.data && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
          <AddressQr
            value={address.data.address}
            label={t('qrLabel', { currency: option.currency, network: networkLabel })}
          />
          <Stack spacing={1} sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="caption" color="text.secondary" id="deposit-address-label">
              {t('yourAddress', { currency: option.currency })}
            </Typography>
            <Box
              aria-labelledby="deposit-address-label"
              data-testid="deposit-address"
              sx={{
                fontFamily: 'monospace',
                wordBreak: 'break-all',
                bgcolor: 'background.neutral',
                borderRadius: 1,
                p: 1,
              }}
            >
              {address.data.address}
            </Box>
            <Button
              variant="outlinedSecondary"
              startIcon={<ContentCopyIcon />}
              onClick={() => void copy(address.data.address)}
              aria-live="polite"
            >
              {copied ? t('copied') : t('copyAddress')}
            </Button>
          </Stack>
        </Stack>
      )}

      {address.data && (
        <>
          <Stack spacing={0.5}>
            <Typography variant="body2">
              {t('minimum', {
                amount: `${formatAmount(option.minimum, locale, { minFraction: 0 })} ${option.currency}`,
              })}
            </Typography>
            <Typography variant="body2">
              {t('confirmationsNeeded', { count: option.confirmations })}
            </Typography>
          </Stack>
          <Alert severity="warning" data-testid="network-warning">
            {t('networkWarning', { currency: option.currency, network: networkLabel })}
          </Alert>
          {address.data.testDeposit && isTestCurrency(option.currency) && (
            <TestDepositButton
              key={pair}
              currency={option.currency}
              confirmations={option.confirmations}
            />
          )}
          {payPanel &&
            (paying ? (
              payPanel
            ) : (
              <Button variant="outlinedSecondary" onClick={() => setPaying(true)}>
                {t('pay.open')}
              </Button>
            ))}
        </>
      )}
      <PendingDeposits />
    </Stack>
  );
}
