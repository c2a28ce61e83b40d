'use client';

import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useTranslations } from 'next-intl';
import { fieldProps } from '@/lib/forms/form-kit';
import { REASON_MIN } from '@/lib/schemas/operator';

type Values = { home: string; away: string; voided: boolean; reason: string };
type Score = { home: number; away: number };

const GOALS = /^\d{1,3}$/;

const validator = (correcting: boolean) => (values: Values) => {
  const errors: Partial<Record<keyof Values, string>> = {};
  if (!values.voided) {
    for (const side of ['home', 'away'] as const) {
      if (!GOALS.test(values[side].trim())) errors[side] = 'score';
    }
  }
  if (correcting && values.reason.trim().length < REASON_MIN) errors.reason = 'reason';
  return errors;
};

/**
 * Asks for an event's final score (after regulation time) before it is settled with it. With
 * `correcting`, for an event already closed: the corrected score or a void, and the reason kept
 * in the audit.
 */
export function ResultDialog({
  title,
  confirm,
  correcting = false,
  onCancel,
  onConfirm,
}: {
  title: string;
  confirm: string;
  correcting?: boolean;
  onCancel: () => void;
  onConfirm: (answer: { score: Score | null; reason: string }) => Promise<unknown>;
}) {
  const t = useTranslations('backOffice.settlement');
  const form = useFormik<Values>({
    initialValues: { home: '', away: '', voided: false, reason: '' },
    validate: validator(correcting),
    onSubmit: ({ home, away, voided, reason }) =>
      onConfirm({
        score: voided ? null : { home: Number(home.trim()), away: Number(away.trim()) },
        reason: reason.trim(),
      }),
  });
  const field = (name: 'home' | 'away') =>
    fieldProps(form, name, (error) => (error ? t('scoreInvalid') : undefined));
  const reason = fieldProps(form, 'reason', (error) =>
    error ? t('reasonTooShort', { min: REASON_MIN }) : undefined,
  );
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs">
      <form noValidate onSubmit={form.handleSubmit}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {correcting ? t('resettleHint') : t('resultHint')}
          </DialogContentText>
          <Stack direction="row" spacing={2}>
            {(['home', 'away'] as const).map((side) => (
              <TextField
                key={side}
                {...field(side)}
                autoFocus={side === 'home'}
                fullWidth
                disabled={form.values.voided}
                label={t(side)}
                helperText={field(side).helperText ?? ' '}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
              />
            ))}
          </Stack>
          {correcting && (
            <>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={form.values.voided}
                    onChange={(event) => void form.setFieldValue('voided', event.target.checked)}
                  />
                }
                label={t('voidInstead')}
              />
              <TextField
                {...reason}
                fullWidth
                multiline
                minRows={2}
                margin="dense"
                label={t('reason')}
                helperText={reason.helperText ?? ' '}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" loading={form.isSubmitting}>
            {confirm}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
