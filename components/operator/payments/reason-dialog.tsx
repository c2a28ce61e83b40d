'use client';

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useTranslations } from 'next-intl';
import { fieldProps } from '@/lib/forms/form-kit';
import { zodValidate } from '@/lib/forms/zod-validate';
import { REASON_MIN, withdrawalReasonSchema } from '@/lib/schemas/operator';
import { destructiveContained } from '../destructive';

const validate = zodValidate(withdrawalReasonSchema);

/**
 * Asks why, before a withdrawal is rejected or released: the reason is written to the audit with
 * the change and kept on the withdrawal (the API holds it to the same schema).
 */
export function ReasonDialog({
  title,
  confirm,
  onCancel,
  onConfirm,
}: {
  title: string;
  confirm: string;
  onCancel: () => void;
  onConfirm: (reason: string) => Promise<unknown>;
}) {
  const t = useTranslations('backOffice.payments');
  const form = useFormik({
    initialValues: { reason: '' },
    validate,
    onSubmit: ({ reason }) => onConfirm(reason.trim()),
  });
  const field = fieldProps(form, 'reason', (error) =>
    error ? t('reasonTooShort', { min: REASON_MIN }) : undefined,
  );
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm">
      <form noValidate onSubmit={form.handleSubmit}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <TextField
            {...field}
            autoFocus
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            label={t('reason')}
            helperText={field.helperText ?? ' '}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t('cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            loading={form.isSubmitting}
            sx={destructiveContained}
          >
            {confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
