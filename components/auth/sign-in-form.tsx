'use client';

import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useFormik } from 'formik';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { z } from 'zod';
import { authApi } from '@/lib/api/auth';
import { internationalNumber } from '@/lib/forms/countries';
import { zodValidate } from '@/lib/forms/zod-validate';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import { emailField, phoneField, signInPasswordField } from '@/lib/schemas/auth';
import { markModalOpenedInApp, useModal } from '@/components/modals/use-modal';
import { ContactFields } from './contact-field';
import type { SignInMethod } from './methods/types';
import { PasswordField } from './password-field';
import { useValidationText } from './use-form-text';

/** Phone sign-in starts on Costa Rica (spec §5). */
export const SIGN_IN_DEFAULT_COUNTRY = 'CR';

type Values = { email: string; country: string; phone: string; password: string };

const schemas = {
  email: z.object({ email: emailField, password: signInPasswordField }),
  phone: z.object({ phone: phoneField, password: signInPasswordField }),
};

/** Sign in by email or phone and password (spec §3, §5). */
export function SignInForm({ onMethod }: { onMethod: (method: SignInMethod) => Promise<void> }) {
  const t = useTranslations('authForm');
  const tv = useValidationText();
  const locale = useLocale();
  const { hrefFor } = useModal();
  const [mode, setMode] = useState<'email' | 'phone'>('email');

  const toInput = (v: Values) =>
    mode === 'email'
      ? { email: v.email, password: v.password }
      : { phone: internationalNumber(v.country as never, v.phone), password: v.password };

  const form = useFormik<Values>({
    initialValues: { email: '', country: SIGN_IN_DEFAULT_COUNTRY, phone: '', password: '' },
    validate: (values) => zodValidate(schemas[mode])(toInput(values)),
    onSubmit: async (values) => {
      const input = toInput(values);
      const body =
        mode === 'email'
          ? { email: values.email.trim().toLowerCase(), password: values.password }
          : { phone: input.phone, password: values.password };
      await onMethod((twoFactorCode) => authApi.signIn({ ...body, twoFactorCode }, locale));
    },
  });

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={form.handleSubmit}
      data-testid="sign-in-form"
    >
      <ContactFields form={form} mode={mode} onModeChange={setMode} autoComplete="username" />
      <PasswordField
        label={t('password')}
        name="password"
        autoComplete="current-password"
        value={form.values.password}
        onChange={form.handleChange}
        onBlur={form.handleBlur}
        error={Boolean((form.touched.password || form.submitCount > 0) && form.errors.password)}
        helperText={(form.touched.password || form.submitCount > 0) && tv(form.errors.password)}
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'password-input' } }}
      />
      <Link
        component={IntlLink}
        href={hrefFor('reset-password', { step: 'send-message' })}
        onClick={markModalOpenedInApp}
        scroll={false}
        variant="body2"
        sx={{ alignSelf: 'flex-end' }}
        data-testid="forgot-password"
      >
        {t('forgotPassword')}
      </Link>
      <Button
        type="submit"
        variant="header"
        size="large"
        loading={form.isSubmitting}
        data-testid="sign-in-submit"
      >
        {t('signInSubmit')}
      </Button>
    </Stack>
  );
}
