'use client';

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useTranslations } from 'next-intl';
import { fieldProps } from '@/lib/forms/form-kit';

type Values = { home: string; away: string };

const GOALS = /^\d{1,3}$/;

function validate(values: Values) {
  const errors: Partial<Record<keyof Values, string>> = {};
  for (const side of ['home', 'away'] as const) {
    if (!GOALS.test(values[side].trim())) errors[side] = 'score';
  }
  return errors;
}

/** Asks for an event's final score (after regulation time) before it is settled with it. */
export function ResultDialog({
  title,
  onCancel,
  onConfirm,
}: {
  title: string;
  onCancel: () => void;
  onConfirm: (body: { regulation: { home: number; away: number } }) => Promise<unknown>;
}) {
  const t = useTranslations('backOffice.settlement');
  const form = useFormik<Values>({
    initialValues: { home: '', away: '' },
    validate,
    onSubmit: ({ home, away }) =>
      onConfirm({ regulation: { home: Number(home.trim()), away: Number(away.trim()) } }),
  });
  const field = (name: keyof Values) =>
    fieldProps(form, name, (error) => (error ? t('scoreInvalid') : undefined));
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs">
      <form noValidate onSubmit={form.handleSubmit}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('resultHint')}</DialogContentText>
          <Stack direction="row" spacing={2}>
            {(['home', 'away'] as const).map((side) => (
              <TextField
                key={side}
                {...field(side)}
                autoFocus={side === 'home'}
                fullWidth
                label={t(side)}
                helperText={field(side).helperText ?? ' '}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" loading={form.isSubmitting}>
            {t('actions.result')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
