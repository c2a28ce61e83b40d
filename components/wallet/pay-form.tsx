'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLocale, useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { walletApi } from '@/lib/api/wallet';
import type { Network } from '@/lib/schemas/networks';
import { DECIMAL_AMOUNT } from '@/lib/schemas/wallet';
import { errorMessage } from '@/components/auth/error-message';

export type PayMethod = {
  id: string;
  label: string;
  /** Sends `amount` (a decimal string) to the deposit address; answers the transaction's id. */
  send: (amount: string) => Promise<string>;
};

/**
 * The pay-from-your-wallet panel both chains share: the amount, a button per wallet, and what
 * came of it — the transaction's id, or why not in the player's language (`failure`), never the
 * wallet library's English.
 */
export function PayForm({
  currency,
  network,
  methods,
  failure,
  children,
}: {
  currency: string;
  network: Network;
  methods: PayMethod[];
  failure: (error: unknown) => string;
  /** Shown under the buttons while a wallet pairs (the WalletConnect QR code). */
  children?: ReactNode;
}) {
  const t = useTranslations('wallet.pay');
  const tErrors = useTranslations('errors');
  const locale = useLocale();
  const [amount, setAmount] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function pay(method: PayMethod) {
    setError(null);
    setSent(null);
    if (!DECIMAL_AMOUNT.test(amount)) {
      setError(t('amountInvalid'));
      return;
    }
    setBusy(true);
    try {
      // The platform checks the amount against the player's deposit limits before anything is sent.
      await walletApi.depositAddress(currency, network, amount, locale);
    } catch (err) {
      setError(errorMessage(err, tErrors('anErrorOccurred')));
      setBusy(false);
      return;
    }
    try {
      setSent(await method.send(amount));
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack spacing={1.5} component="section" aria-label={t('title')} data-testid="pay-from-wallet">
      <Typography variant="subtitle2">{t('title')}</Typography>
      <TextField
        size="small"
        label={t('amount', { currency })}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'decimal', lang: locale } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {methods.map((method) => (
          <Button
            key={method.id}
            variant="outlinedSecondary"
            loading={busy}
            onClick={() => void pay(method)}
          >
            {method.label}
          </Button>
        ))}
      </Stack>
      {children}
      {error && <Alert severity="error">{error}</Alert>}
      {sent && (
        <Alert severity="success" sx={{ wordBreak: 'break-all' }}>
          {t('sent', { hash: sent })}
        </Alert>
      )}
    </Stack>
  );
}
