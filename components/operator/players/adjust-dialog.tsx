'use client';

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { z } from 'zod';
import { fieldProps } from '@/lib/forms/form-kit';
import { zodValidate } from '@/lib/forms/zod-validate';
import { adjustmentSchema } from '@/lib/schemas/operator';

const formSchema = adjustmentSchema.pick({ currency: true, amount: true, reason: true });
type Values = z.input<typeof formSchema>;
const validate = zodValidate(formSchema);

/**
 * A manual adjustment from the player page: signed amount, currency, reason. One idempotency key
 * per dialog, so a double click or a retried request never adjusts twice. Past the four-eyes
 * threshold the API answers that it waits for a second staff member.
 */
export function AdjustDialog({
  userId,
  username,
  onClose,
  onSubmit,
}: {
  userId: string;
  username: string;
  onClose: () => void;
  onSubmit: (body: Values & { userId: string; idempotencyKey: string }) => Promise<unknown>;
}) {
  const t = useTranslations('backOffice.players');
  const [key] = useState(() => crypto.randomUUID());
  const form = useFormik<Values>({
    initialValues: { currency: 'USDT', amount: '', reason: '' },
    validate,
    onSubmit: (values) =>
      onSubmit({
        ...values,
        currency: values.currency.trim().toUpperCase(),
        reason: values.reason.trim(),
        userId,
        idempotencyKey: `back-office:${key}`,
      }),
  });
  const invalid = (error: string | undefined) => (error ? t('adjust.invalid') : undefined);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form noValidate onSubmit={form.handleSubmit}>
        <DialogTitle>{t('adjust.title', { username })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{t('adjust.explain')}</DialogContentText>
          <TextField
            {...fieldProps(form, 'currency', invalid)}
            margin="dense"
            label={t('adjust.currency')}
            slotProps={{ htmlInput: { maxLength: 10, autoCapitalize: 'characters' } }}
          />
          <TextField
            {...fieldProps(form, 'amount', invalid)}
            autoFocus
            fullWidth
            margin="dense"
            label={t('adjust.amount')}
            helperText={fieldProps(form, 'amount', invalid).helperText ?? t('adjust.amountHelp')}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 50 } }}
          />
          <TextField
            {...fieldProps(form, 'reason', invalid)}
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            label={t('adjust.reason')}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" loading={form.isSubmitting}>
            {t('adjust.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
