'use client';

import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { useLocale, useTranslations } from 'next-intl';
import { paymentAddressesQuery, walletKeys } from '@/lib/api/queries/wallet';
import { walletApi } from '@/lib/api/wallet';
import { fieldProps } from '@/lib/forms/form-kit';
import { zodValidate } from '@/lib/forms/zod-validate';
import { networkIds, networks, type Network } from '@/lib/schemas/networks';
import { PAYMENT_ADDRESSES_MAX, paymentAddressSchema } from '@/lib/schemas/wallet';
import { errorMessage } from '@/components/auth/error-message';
import { useValidationText } from '@/components/auth/use-form-text';
import { useNetworkLabel } from './network-label';

type Values = { network: Network; currency: string; address: string; label: string };
const initialValues: Values = { network: 'ethereum', currency: 'USDT', address: '', label: '' };

/**
 * The card book (payment-address account page): saved withdrawal addresses per network with the
 * player's labels; a new one is checked against its network's rule here and again on the server.
 */
export function AddressBook() {
  const t = useTranslations('wallet.addressBook');
  const tWallet = useTranslations('wallet');
  const tErrors = useTranslations('errors');
  const tv = useValidationText();
  const labelOf = useNetworkLabel();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const saved = useQuery(paymentAddressesQuery());
  const refresh = () => queryClient.invalidateQueries({ queryKey: walletKeys.paymentAddresses });
  const save = useMutation({
    mutationFn: (values: Values) => walletApi.savePaymentAddress(values, locale),
    onSuccess: () => {
      form.resetForm();
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => walletApi.deletePaymentAddress(id, locale),
    onSettled: () => void refresh(),
  });
  const form = useFormik<Values>({
    initialValues,
    validate: zodValidate(paymentAddressSchema),
    onSubmit: (values) => save.mutate(values),
  });
  const carried = networks[form.values.network].currencies;
  const count = saved.data?.length ?? 0;

  return (
    <Stack spacing={3}>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('add')}
          </Typography>
          <Stack
            component="form"
            noValidate
            spacing={2}
            onSubmit={form.handleSubmit}
            aria-label={t('add')}
          >
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                fullWidth
                label={tWallet('network')}
                value={form.values.network}
                onChange={(e) => {
                  const network = networkIds.find((n) => n === e.target.value) ?? 'ethereum';
                  void form.setValues({
                    ...form.values,
                    network,
                    currency: networks[network].currencies[0],
                  });
                }}
              >
                {networkIds.map((n) => (
                  <MenuItem key={n} value={n}>
                    {labelOf(n)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                fullWidth
                label={tWallet('currency')}
                value={form.values.currency}
                onChange={(e) => void form.setFieldValue('currency', e.target.value)}
              >
                {carried.map((c) => (
                  <MenuItem key={c} value={c}>
                    {c}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <TextField
              label={tWallet('address', { network: labelOf(form.values.network) })}
              autoComplete="off"
              spellCheck={false}
              {...fieldProps(form, 'address', tv)}
            />
            <TextField
              label={t('label')}
              {...fieldProps(form, 'label', (key) => (key ? t('labelInvalid') : undefined))}
            />
            {save.isError && (
              <Alert severity="error">{errorMessage(save.error, tErrors('anErrorOccurred'))}</Alert>
            )}
            <Button
              type="submit"
              variant="header"
              loading={save.isPending}
              disabled={count >= PAYMENT_ADDRESSES_MAX}
            >
              {t('save')}
            </Button>
            <Typography variant="caption" color="text.secondary">
              {t('count', { count, max: PAYMENT_ADDRESSES_MAX })}
            </Typography>
          </Stack>
        </CardContent>
      </Card>

      <section aria-labelledby="address-book-title">
        <Typography variant="h6" component="h2" id="address-book-title" gutterBottom>
          {t('saved')}
        </Typography>
        {saved.isSuccess && count === 0 && (
          <Typography color="text.secondary">{t('empty')}</Typography>
        )}
        <List aria-labelledby="address-book-title">
          {saved.data?.map((a) => (
            <ListItem
              key={a.id}
              divider
              data-testid="saved-address"
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('delete', { label: a.label })}
                  onClick={() => remove.mutate(a.id)}
                >
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText
                primary={`${a.label} · ${a.currency} · ${labelOf(a.network)}`}
                secondary={a.address}
                slotProps={{
                  secondary: { sx: { fontFamily: 'monospace', wordBreak: 'break-all' } },
                }}
              />
            </ListItem>
          ))}
        </List>
      </section>
    </Stack>
  );
}
