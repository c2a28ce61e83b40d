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
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { playerKeys, profileQuery } from '@/lib/api/queries/player';
import {
  paymentAddressesQuery,
  walletKeys,
  withdrawalOptionsQuery,
} from '@/lib/api/queries/wallet';
import { walletApi } from '@/lib/api/wallet';
import { isValidAddress } from '@/lib/schemas/networks';
import { DECIMAL_AMOUNT, type Withdrawal } from '@/lib/schemas/wallet';
import { addDecimal, compareDecimal, formatAmount, subtractDecimal } from '@/lib/wallet/format';
import { fieldProps } from '@/lib/forms/form-kit';
import { errorMessage } from '@/components/auth/error-message';
import { useValidationText } from '@/components/auth/use-form-text';
import { useSession } from '@/components/session/session-context';
import { useNetworkLabel } from './network-label';
import { PairSelects, usePairPicker } from './pair-picker';
import { WithdrawalsList } from './withdrawals-list';

type Values = { address: string; amount: string; twoFactorCode: string };
/** This form's validation already speaks the player's language. */
const translated = (message: string | undefined) => message;

/**
 * Withdraw: currency, network, address (typed or from the card book), amount with max, the fee
 * held on top, the 2FA code when the player has 2FA; then a confirmation step, then the status.
 * One idempotency key per confirmation, so a retried submit never withdraws twice. While
 * withdrawals are held after a security change, the form is disabled beneath the notice.
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
  const picker = usePairPicker(options.data, session.wallet?.navbarCurrency);
  const { option } = picker;
  const labelOf = useNetworkLabel();
  // Withdraw-only money (a deposit past a limit or during a break) can be withdrawn like the rest.
  const held = session.wallet?.balances.find((b) => b.currency === option?.currency);
  const balance = addDecimal(held?.amount ?? '0', held?.withdrawOnly ?? '0');
  const max = option ? subtractDecimal(balance, option.fee) : '0';
  const twoFactor = profile.data?.twoFactorEnabled === true;
  const heldUntil = profile.data?.withdrawalsHeldUntil ?? null;
  // While withdrawals are held (after a security change) the form is shown but cannot be used.
  const locked = heldUntil !== null;
  const format = useFormatter();
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
      if (!DECIMAL_AMOUNT.test(values.amount)) errors.amount = t('amountInvalid');
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
  const networkLabel = labelOf(option.network);
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
      {heldUntil && (
        <Alert severity="warning" data-testid="withdrawal-hold">
          {t('heldUntil', {
            until: format.dateTime(new Date(heldUntil), {
              dateStyle: 'medium',
              timeStyle: 'short',
            }),
          })}
        </Alert>
      )}
      <PairSelects picker={picker} />
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(e) => {
          // Enter in a field submits even a form whose button is disabled: not while held.
          if (locked) e.preventDefault();
          else form.handleSubmit(e);
        }}
      >
        {fromBook.length > 0 && (
          <TextField
            select
            label={t('savedAddress')}
            value=""
            disabled={locked}
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
          {...fieldProps(form, 'address', translated)}
          disabled={locked}
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          label={t('amount', { currency: option.currency })}
          name="amount"
          disabled={locked}
          value={form.values.amount}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          error={Boolean(shownError('amount'))}
          helperText={
            shownError('amount') ??
            (held?.withdrawOnly
              ? t('availableWithdrawOnly', {
                  amount: `${formatAmount(balance, locale)} ${option.currency}`,
                  withdrawOnly: `${formatAmount(held.withdrawOnly, locale)} ${option.currency}`,
                })
              : t('available', { amount: `${formatAmount(balance, locale)} ${option.currency}` }))
          }
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Button
                    size="small"
                    disabled={locked || compareDecimal(max, '0') <= 0}
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
              amount: `${DECIMAL_AMOUNT.test(form.values.amount) ? formatAmount(form.values.amount, locale) : '0'} ${option.currency}`,
            })}
          </Typography>
        </Stack>
        {twoFactor && (
          <TextField
            label={t('twoFactorCode')}
            {...fieldProps(form, 'twoFactorCode', translated)}
            disabled={locked}
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
        )}
        <Button type="submit" variant="header" disabled={locked}>
          {t('review')}
        </Button>
      </Stack>
      <WithdrawalsList />
    </Stack>
  );
}
