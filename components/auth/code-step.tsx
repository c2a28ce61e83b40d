'use client';

import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { fieldProps, FormStack, SubmitButton } from '@/lib/forms/form-kit';
import { zodValidate } from '@/lib/forms/zod-validate';
import { useValidationText } from './use-form-text';

/**
 * A 6-digit code screen: the 2FA step of sign-in (only the code is required, spec §5) and the
 * activation step of sign-up share it.
 */
export function CodeStep({
  title,
  intro,
  label,
  submitLabel,
  field,
  onSubmit,
  extra,
  testId,
}: {
  title: string;
  intro: ReactNode;
  label: string;
  submitLabel: string;
  field: z.ZodType<string, string>;
  onSubmit: (code: string) => Promise<void>;
  extra?: ReactNode;
  testId: string;
}) {
  const tv = useValidationText();
  const form = useFormik({
    initialValues: { code: '' },
    validate: zodValidate(z.object({ code: field })),
    onSubmit: async ({ code }) => onSubmit(code.trim()),
  });
  return (
    <FormStack form={form} testId={testId}>
      <Typography variant="h6" component="h3">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {intro}
      </Typography>
      <TextField
        label={label}
        {...fieldProps(form, 'code', tv)}
        autoComplete="one-time-code"
        autoFocus
        fullWidth
        slotProps={{
          htmlInput: { inputMode: 'numeric', maxLength: 6, 'data-testid': 'code-input' },
        }}
      />
      <SubmitButton form={form} testId="code-submit">
        {submitLabel}
      </SubmitButton>
      {extra}
    </FormStack>
  );
}
