'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { playerKeys, profileQuery } from '@/lib/api/queries/player';
import {
  paymentAddressesQuery,
  walletKeys,
  withdrawalOptionsQuery,
} from '@/lib/api/queries/wallet';
import { walletApi } from '@/lib/api/wallet';
import { isValidAddress, networks, type Network } from '@/lib/schemas/networks';
import type { Withdrawal } from '@/lib/schemas/wallet';
import { addDecimal, compareDecimal, formatAmount, subtractDecimal } from '@/lib/wallet/format';
import { errorMessage } from '@/components/auth/error-message';
import { useValidationText } from '@/components/auth/use-form-text';
import { useSession } from '@/components/session/session-context';
import { WithdrawalsList } from './withdrawals-list';

type Values = { address: string; amount: string; twoFactorCode: string };
const AMOUNT = /^\d{1,30}(\.\d{1,18})?$/;

/**
 * Withdraw: currency, network, address (typed or from the card book), amount with max, the fee
 * held on top, the 2FA code when the player has 2FA; then a confirmation step, then the status.
 * One idempotency key per confirmation, so a retried submit never withdraws twice.
 */
export function WithdrawTab() {
  const t = useTranslations('wallet');
  const tv = useValidationText();
  const tErrors = useTranslations('errors');
  const locale = useLocale();
  const session = useSession();
  const queryClient = useQueryClient();
  const profile = useQuery(profileQuery());
  const options = useQuery(withdrawalOptionsQuery());
  const saved = useQuery(paymentAddressesQuery());
  const currencies = [...new Set(options.data?.map((o) => o.currency))];
  const [picked, setPicked] = useState<string | null>(null);
  const preferred = session.wallet?.navbarCurrency;
  const currency =
    picked ?? (preferred && currencies.includes(preferred) ? preferred : currencies[0]);
  const onCurrency = options.data?.filter((o) => o.currency === currency) ?? [];
  const [pickedNetwork, setPickedNetwork] = useState<Network | null>(null);
  const option = onCurrency.find((o) => o.network === pickedNetwork) ?? onCurrency[0];
  const balance = session.wallet?.balances.find((b) => b.currency === currency)?.amount ?? '0';
  const max = option ? subtractDecimal(balance, option.fee) : '0';
  const twoFactor = profile.data?.twoFactorEnabled === true;
  const [confirming, setConfirming] = useState<{ values: Values; key: string } | null>(null);
  const [done, setDone] = useState<Withdrawal | null>(null);

  const submit = useMutation({
    mutationFn: ({ values, key }: { values: Values; key: string }) =>
      walletApi.withdraw(
        {
          currency: option!.currency,
          network: option!.network,
          address: values.address.trim(),
          amount: values.amount,
          twoFactorCode: twoFactor ? values.twoFactorCode : undefined,
          idempotencyKey: key,
        },
        locale,
      ),
    onSuccess: (withdrawal) => {
      setDone(withdrawal);
      setConfirming(null);
      form.resetForm();
      void queryClient.invalidateQueries({ queryKey: playerKeys.balances });
      void queryClient.invalidateQueries({ queryKey: walletKeys.withdrawals });
    },
  });

  const form = useFormik<Values>({
    initialValues: { address: '', amount: '', twoFactorCode: '' },
    validate: (values) => {
      const errors: Partial<Record<keyof Values, string>> = {};
      if (!option) return errors;
      if (!isValidAddress(option.network, values.address.trim())) {
        errors.address = tv('addressInvalid');
      }
      if (!AMOUNT.test(values.amount)) errors.amount = t('amountInvalid');
      else if (compareDecimal(values.amount, option.minimum) < 0) {
        errors.amount = t('belowMinimum', { amount: `${option.minimum} ${option.currency}` });
      } else if (compareDecimal(addDecimal(values.amount, option.fee), balance) > 0) {
        errors.amount = t('aboveBalance');
      }
      if (twoFactor && !/^\d{6}$/.test(values.twoFactorCode)) {
        errors.twoFactorCode = tv('twoFactorFormat');
      }
      return errors;
    },
    onSubmit: (values) => {
      submit.reset();
      setConfirming({ values, key: crypto.randomUUID() });
    },
  });

  if (options.isPending) return <CircularProgress aria-label={t('loading')} />;
  if (!option) return <Alert severity="info">{t('noWithdrawals')}</Alert>;
  const networkLabel = networks[option.network].label;
  const shownError = (field: keyof Values) =>
    (form.touched[field] || form.submitCount > 0) && form.errors[field]
      ? form.errors[field]
      : undefined;
  const fromBook =
    saved.data?.filter((s) => s.network === option.network && s.currency === option.currency) ?? [];

  if (confirming) {
    const { values } = confirming;
    return (
      <Stack spacing={2} data-testid="withdraw-confirm">
        <Typography variant="subtitle1">{t('confirmTitle')}</Typography>
        <Stack spacing={0.5}>
          <Typography variant="body2">
            {t('summaryAmount', {
              amount: `${formatAmount(values.amount, locale)} ${option.currency}`,
            })}
          </Typography>
          <Typography variant="body2">
            {t('summaryFee', { amount: `${formatAmount(option.fee, locale)} ${option.currency}` })}
          </Typography>
          <Typography variant="body2">
            {t('summaryTotal', {
              amount: `${formatAmount(addDecimal(values.amount, option.fee), locale)} ${option.currency}`,
            })}
          </Typography>
          <Typography variant="body2">{t('summaryNetwork', { network: networkLabel })}</Typography>
          <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
            {t('summaryAddress', { address: values.address.trim() })}
          </Typography>
        </Stack>
        {submit.isError && (
          <Alert severity="error">{errorMessage(submit.error, tErrors('anErrorOccurred'))}</Alert>
        )}
        <Stack direction="row" spacing={1}>
          <Button variant="outlinedSecondary" onClick={() => setConfirming(null)}>
            {t('back')}
          </Button>
          <Button
            variant="header"
            onClick={() => submit.mutate(confirming)}
            loading={submit.isPending}
          >
            {t('confirmWithdraw')}
          </Button>
        </Stack>
      </Stack>
    );
  }

  return (
    <Stack spacing={2} data-testid="withdraw-tab">
      {done && (
        <Alert severity="success" onClose={() => setDone(null)} data-testid="withdraw-status">
          {t('requested', {
            amount: `${formatAmount(done.amount, locale)} ${done.currency}`,
            status: t(`status.${done.status}`),
          })}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          fullWidth
          label={t('currency')}
          value={option.currency}
          onChange={(e) => {
            setPicked(e.target.value);
            setPickedNetwork(null);
          }}
        >
          {currencies.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          fullWidth
          label={t('network')}
          value={option.network}
          onChange={(e) =>
            setPickedNetwork(onCurrency.find((o) => o.network === e.target.value)?.network ?? null)
          }
        >
          {onCurrency.map((o) => (
            <MenuItem key={o.network} value={o.network}>
              {networks[o.network].label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack component="form" noValidate spacing={2} onSubmit={form.handleSubmit}>
        {fromBook.length > 0 && (
          <TextField
            select
            label={t('savedAddress')}
            value=""
            onChange={(e) => void form.setFieldValue('address', e.target.value)}
          >
            {fromBook.map((s) => (
              <MenuItem key={s.id} value={s.address}>
                {s.label} — {s.address.slice(0, 10)}…{s.address.slice(-6)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          label={t('address', { network: networkLabel })}
          name="address"
          value={form.values.address}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          error={Boolean(shownError('address'))}
          helperText={shownError('address')}
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          label={t('amount', { currency: option.currency })}
          name="amount"
          value={form.values.amount}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          error={Boolean(shownError('amount'))}
          helperText={
            shownError('amount') ??
            t('available', { amount: `${formatAmount(balance, locale)} ${option.currency}` })
          }
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Button
                    size="small"
                    disabled={compareDecimal(max, '0') <= 0}
                    onClick={() => void form.setFieldValue('amount', max)}
                  >
                    {t('max')}
                  </Button>
                </InputAdornment>
              ),
            },
          }}
        />
        <Stack spacing={0.5}>
          <Typography variant="body2">
            {t('minimumWithdrawal', {
              amount: `${formatAmount(option.minimum, locale, { minFraction: 0 })} ${option.currency}`,
            })}
          </Typography>
          <Typography variant="body2">
            {t('fee', {
              amount: `${formatAmount(option.fee, locale, { minFraction: 0 })} ${option.currency}`,
            })}
          </Typography>
          <Typography variant="body2" data-testid="withdraw-receive">
            {t('receive', {
              amount: `${AMOUNT.test(form.values.amount) ? formatAmount(form.values.amount, locale) : '0'} ${option.currency}`,
            })}
          </Typography>
        </Stack>
        {twoFactor && (
          <TextField
            label={t('twoFactorCode')}
            name="twoFactorCode"
            value={form.values.twoFactorCode}
            onChange={form.handleChange}
            onBlur={form.handleBlur}
            error={Boolean(shownError('twoFactorCode'))}
            helperText={shownError('twoFactorCode')}
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
        )}
        <Button type="submit" variant="header">
          {t('review')}
        </Button>
      </Stack>
      <WithdrawalsList />
    </Stack>
  );
}
