'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useFormik } from 'formik';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { z } from 'zod';
import { authApi } from '@/lib/api/auth';
import { contactInput, contactValue, type ContactMode } from '@/lib/forms/contact';
import { fieldProps, FormStack, SubmitButton } from '@/lib/forms/form-kit';
import { zodValidate } from '@/lib/forms/zod-validate';
import { codeField, emailField, passwordPairSchema, phoneField } from '@/lib/schemas/auth';
import { CodeStep } from './code-step';
import { ContactFields } from './contact-field';
import { PasswordChecklist } from './password-checklist';
import { PasswordField } from './password-field';
import { SIGN_IN_DEFAULT_COUNTRY } from './sign-in-form';
import { useValidationText } from './use-form-text';

export type ResetContact = { type: 'email' | 'phone'; contact: string };

/** Step send-message: the account's email or phone; the answer never says whether it exists. */
export function ResetSendStep({
  onSent,
  onError,
}: {
  onSent: (c: ResetContact) => void;
  onError: (e: unknown) => void;
}) {
  const tr = useTranslations('resetPassword');
  const locale = useLocale();
  const [mode, setMode] = useState<ContactMode>('email');
  const form = useFormik({
    initialValues: { email: '', country: SIGN_IN_DEFAULT_COUNTRY, phone: '' },
    validate: (v) =>
      zodValidate(
        mode === 'email' ? z.object({ email: emailField }) : z.object({ phone: phoneField }),
      )(contactInput(mode, v)),
    onSubmit: async (v) => {
      const contact = contactValue(mode, v);
      try {
        await authApi.resetSend({ type: mode, contact }, locale);
        onSent({ type: mode, contact });
      } catch (error) {
        onError(error);
      }
    },
  });
  return (
    <FormStack form={form} testId="reset-send-step">
      <ContactFields form={form} mode={mode} onModeChange={setMode} autoComplete="username" />
      <SubmitButton form={form} testId="reset-send">
        {tr('sendCode')}
      </SubmitButton>
    </FormStack>
  );
}

export function ResetCodeStep({
  contact,
  onValid,
  onError,
}: {
  contact: ResetContact;
  onValid: (code: string) => void;
  onError: (e: unknown) => void;
}) {
  const tr = useTranslations('resetPassword');
  const locale = useLocale();
  return (
    <CodeStep
      testId="reset-code-step"
      title={tr('steps.code')}
      intro={tr('codeSentTo', { contact: contact.contact })}
      label={tr('code')}
      submitLabel={tr('next')}
      field={codeField}
      onSubmit={async (code) => {
        try {
          await authApi.resetVerify({ ...contact, code }, locale);
          onValid(code);
        } catch (error) {
          onError(error);
        }
      }}
    />
  );
}

export function ResetConfirmStep({
  contact,
  code,
  onDone,
  onError,
}: {
  contact: ResetContact;
  code: string;
  onDone: () => void;
  onError: (e: unknown) => void;
}) {
  const tr = useTranslations('resetPassword');
  const tv = useValidationText();
  const locale = useLocale();
  const form = useFormik({
    initialValues: { password: '', repeatPassword: '' },
    validate: zodValidate(passwordPairSchema),
    onSubmit: async (v) => {
      try {
        await authApi.resetConfirm({ ...contact, code, ...v }, locale);
        onDone();
      } catch (error) {
        onError(error);
      }
    },
  });
  return (
    <FormStack form={form} testId="reset-confirm-step">
      <PasswordField
        label={tr('newPassword')}
        autoComplete="new-password"
        {...fieldProps(form, 'password', tv)}
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'new-password-input' } }}
      />
      <PasswordChecklist password={form.values.password} />
      <PasswordField
        label={tr('repeatPassword')}
        autoComplete="new-password"
        {...fieldProps(form, 'repeatPassword', tv)}
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'repeat-password-input' } }}
      />
      <SubmitButton form={form} testId="reset-confirm">
        {tr('save')}
      </SubmitButton>
    </FormStack>
  );
}

export function ResetDone({ onSignIn }: { onSignIn: () => void }) {
  const tr = useTranslations('resetPassword');
  return (
    <Stack spacing={2} data-testid="reset-done">
      <Alert severity="success">{tr('done')}</Alert>
      <Button variant="header" size="large" onClick={onSignIn} data-testid="reset-sign-in">
        {tr('signIn')}
      </Button>
    </Stack>
  );
}
