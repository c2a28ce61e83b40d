'use client';

import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useTranslations } from 'next-intl';
import { fieldProps } from '@/lib/forms/form-kit';
import { zodValidate } from '@/lib/forms/zod-validate';
import { kycRefusalReasons, kycReviewSchema, type KycRefusalReason } from '@/lib/schemas/kyc';
import { destructiveContained } from '../destructive';

const validate = zodValidate(kycReviewSchema);

/**
 * Refuses a level: a reason the player reads in their own language, and an optional note they
 * read as typed. The API's schema checks both here first.
 */
export function RefuseForm({
  level,
  onCancel,
  onRefuse,
}: {
  level: 2 | 3;
  onCancel: () => void;
  onRefuse: (reason: KycRefusalReason, note: string) => Promise<unknown>;
}) {
  const t = useTranslations('backOffice.kyc');
  const tv = useTranslations('verification');
  const form = useFormik<{ decision: 'reject'; reason: KycRefusalReason | ''; note: string }>({
    initialValues: { decision: 'reject', reason: '', note: '' },
    validate,
    onSubmit: ({ reason, note }) => (reason ? onRefuse(reason, note.trim()) : undefined),
  });
  const reason = fieldProps(form, 'reason', (error) => (error ? t('reasonRequired') : undefined));
  const note = fieldProps(form, 'note', (error) => (error ? t('noteTooLong') : undefined));
  return (
    <Stack
      component="form"
      noValidate
      spacing={1.5}
      onSubmit={form.handleSubmit}
      aria-label={t('refuseLevel', { level })}
    >
      <TextField {...reason} select required size="small" label={t('reason')}>
        {kycRefusalReasons.map((r) => (
          <MenuItem key={r} value={r}>
            {tv(`refusal.${r}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...note}
        size="small"
        multiline
        minRows={2}
        label={t('note')}
        helperText={note.helperText ?? t('noteHelp')}
      />
      <Stack direction="row" spacing={1}>
        <Button
          type="submit"
          variant="contained"
          disabled={form.isSubmitting}
          sx={destructiveContained}
        >
          {t('confirmRefuse')}
        </Button>
        <Button onClick={onCancel}>{t('cancel')}</Button>
      </Stack>
    </Stack>
  );
}
