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
import { destructiveContained } from './destructive';

const validate = zodValidate(withdrawalReasonSchema);

/**
 * Asks why before a change that needs a reason (a withdrawal rejected or released, a request
 * refused, a flag closed): the text is written to the audit with the change and kept on what it
 * changed (the API holds it to the same three to 500 characters).
 */
export function ReasonDialog({
  title,
  label,
  confirm,
  destructive = true,
  onCancel,
  onConfirm,
}: {
  title: string;
  /** The field's name (the payments team's "Reason" unless given). */
  label?: string;
  confirm: string;
  destructive?: boolean;
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
            label={label ?? t('reason')}
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
            sx={destructive ? destructiveContained : undefined}
          >
            {confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
