'use client';

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useTranslations } from 'next-intl';
import { z } from 'zod';
import { fieldProps } from '@/lib/forms/form-kit';
import { zodValidate } from '@/lib/forms/zod-validate';
import { staffLimitSchema } from '@/lib/schemas/back-office-players';
import { limitKinds, limitPeriods } from '@/lib/schemas/protection';

// The field holds text: the same rule as the API's, on the number it reads as.
const formSchema = staffLimitSchema.extend({
  amount: z.coerce.number().pipe(staffLimitSchema.shape.amount),
});
type Values = { kind: string; period: string; amount: string; reason: string };
const validate = zodValidate(formSchema);

/** A limit tighter than the player's own (the API refuses a looser one with its reason). */
export function LimitDialog({
  username,
  onClose,
  onSubmit,
}: {
  username: string;
  onClose: () => void;
  onSubmit: (body: {
    kind: string;
    period: string;
    amount: number;
    reason: string;
  }) => Promise<unknown>;
}) {
  const t = useTranslations('backOffice.players');
  const form = useFormik<Values>({
    initialValues: { kind: 'deposit', period: 'day', amount: '', reason: '' },
    validate,
    onSubmit: (values) =>
      onSubmit({ ...values, amount: Number(values.amount), reason: values.reason.trim() }),
  });
  const invalid = (error: string | undefined) => (error ? t('adjust.invalid') : undefined);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form noValidate onSubmit={form.handleSubmit}>
        <DialogTitle>{t('limit.title', { username })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1 }}>{t('limit.explain')}</DialogContentText>
          <TextField
            select
            margin="dense"
            label={t('columns.limit')}
            {...fieldProps(form, 'kind', invalid)}
            sx={{ mr: 1, minWidth: 160 }}
          >
            {limitKinds.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`limitKinds.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            margin="dense"
            label={t('limit.period')}
            {...fieldProps(form, 'period', invalid)}
            sx={{ minWidth: 160 }}
          >
            {limitPeriods.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`periods.${p}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            {...fieldProps(form, 'amount', invalid)}
            fullWidth
            margin="dense"
            label={t('limit.amount')}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
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
            {t('limit.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
