'use client';

import Button, { type ButtonProps } from '@mui/material/Button';
import Stack, { type StackProps } from '@mui/material/Stack';
import type { FormikProps } from 'formik';
import type { ReactNode } from 'react';

/**
 * The error a field shows: only once the player has left it or tried to submit, so a form does not
 * open in red. Messages of the shared schemas are validation keys (translate with useValidationText).
 */
export function shownError<V>(form: FormikProps<V>, field: keyof V & string): string | undefined {
  const touched = form.touched[field];
  const error = form.errors[field];
  return (touched || form.submitCount > 0) && typeof error === 'string' ? error : undefined;
}

/**
 * What a text field needs from Formik: its value and handlers, and the error it shows (translated
 * by the caller's validation translator). Spread onto a TextField or PasswordField.
 */
export function fieldProps<V>(
  form: FormikProps<V>,
  name: keyof V & string,
  translate: (key: string | undefined) => string | undefined,
) {
  const error = translate(shownError(form, name));
  return {
    name,
    value: form.values[name],
    onChange: form.handleChange,
    onBlur: form.handleBlur,
    error: Boolean(error),
    helperText: error,
  };
}

/** A form of the auth dialogs: a column of fields, the browser's own validation off (zod decides). */
export function FormStack<V>({
  form,
  testId,
  direction,
  spacing = 2,
  children,
}: {
  form: FormikProps<V>;
  testId: string;
  direction?: StackProps['direction'];
  spacing?: StackProps['spacing'];
  children: ReactNode;
}) {
  return (
    <Stack
      component="form"
      noValidate
      direction={direction}
      spacing={spacing}
      onSubmit={form.handleSubmit}
      data-testid={testId}
    >
      {children}
    </Stack>
  );
}

/** The form's main button: busy while the submit runs. */
export function SubmitButton<V>({
  form,
  testId,
  children,
  ...props
}: Omit<ButtonProps, 'type' | 'loading' | 'form'> & {
  form: FormikProps<V>;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      variant="header"
      size="large"
      loading={form.isSubmitting}
      data-testid={testId}
      {...props}
    >
      {children}
    </Button>
  );
}
