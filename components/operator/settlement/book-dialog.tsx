'use client';

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useTranslations } from 'next-intl';
import { fieldProps } from '@/lib/forms/form-kit';
import type { BookSettings } from '@/lib/schemas/sportsbook';

const limits = [
  'minStakeUsd',
  'maxStakeUsd',
  'maxPayoutUsd',
  'selectionLiabilityUsd',
  'playerEventLiabilityUsd',
] as const;
type Field = 'margin' | (typeof limits)[number];
type Values = Record<Field, string>;

const NUMBER = /^\d{1,9}(\.\d{1,6})?$/;

/** The same rules as the API's (1 %–25 %, positive dollars, least ≤ most stake), said per field. */
function validate(values: Values) {
  const errors: Partial<Record<Field, string>> = {};
  const margin = Number(values.margin.trim());
  if (!NUMBER.test(values.margin.trim()) || margin < 1 || margin > 25) errors.margin = 'margin';
  for (const field of limits) {
    const text = values[field].trim();
    if (!NUMBER.test(text) || Number(text) <= 0) errors[field] = 'number';
  }
  if (!errors.minStakeUsd && !errors.maxStakeUsd) {
    if (Number(values.minStakeUsd) > Number(values.maxStakeUsd)) errors.maxStakeUsd = 'order';
  }
  return errors;
}

/** A sport's margin (in per cent here) and limits for one phase, edited in one form. */
export function BookDialog({
  title,
  settings,
  onCancel,
  onConfirm,
}: {
  title: string;
  settings: BookSettings;
  onCancel: () => void;
  onConfirm: (settings: BookSettings) => Promise<unknown>;
}) {
  const t = useTranslations('backOffice.settlement');
  const form = useFormik<Values>({
    initialValues: {
      // In per cent, to hundredths, as it was entered.
      margin: String(Math.round(settings.margin * 10_000) / 100),
      minStakeUsd: String(settings.minStakeUsd),
      maxStakeUsd: String(settings.maxStakeUsd),
      maxPayoutUsd: String(settings.maxPayoutUsd),
      selectionLiabilityUsd: String(settings.selectionLiabilityUsd),
      playerEventLiabilityUsd: String(settings.playerEventLiabilityUsd),
    },
    validate,
    onSubmit: (values) =>
      onConfirm({
        margin: Math.round(Number(values.margin) * 100) / 10_000,
        minStakeUsd: Number(values.minStakeUsd),
        maxStakeUsd: Number(values.maxStakeUsd),
        maxPayoutUsd: Number(values.maxPayoutUsd),
        selectionLiabilityUsd: Number(values.selectionLiabilityUsd),
        playerEventLiabilityUsd: Number(values.playerEventLiabilityUsd),
      }),
  });
  const field = (name: Field) =>
    fieldProps(form, name, (error) =>
      error === 'margin'
        ? t('marginInvalid')
        : error === 'order'
          ? t('stakeOrder')
          : error
            ? t('numberInvalid')
            : undefined,
    );
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm">
      <form noValidate onSubmit={form.handleSubmit}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('bookHint')}</DialogContentText>
          <Grid container spacing={2}>
            {(['margin', ...limits] as const).map((name) => (
              <Grid key={name} size={{ xs: 12, sm: 6 }}>
                <TextField
                  {...field(name)}
                  autoFocus={name === 'margin'}
                  fullWidth
                  label={
                    name === 'margin'
                      ? t('marginField')
                      : t('usdField', { field: t(`bookColumns.${name}`) })
                  }
                  helperText={field(name).helperText ?? ' '}
                  slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 16 } }}
                />
              </Grid>
            ))}
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" loading={form.isSubmitting}>
            {t('save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
