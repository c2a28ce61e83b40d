'use client';

import Link from '@mui/material/Link';
import { useFormik } from 'formik';
import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { z } from 'zod';
import { authApi } from '@/lib/api/auth';
import { ApiClientError } from '@/lib/api/client';
import { contactInput, type ContactMode } from '@/lib/forms/contact';
import { FormStack, SubmitButton } from '@/lib/forms/form-kit';
import { zodValidate } from '@/lib/forms/zod-validate';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import { emailField, phoneField, signInPasswordField } from '@/lib/schemas/auth';
import type { AuthProviders } from '@/lib/schemas/player';
import { markModalOpenedInApp, useModal } from '@/components/modals/use-modal';
import { CaptchaField, type CaptchaHandle } from './captcha-field';
import { CredentialFields } from './credential-fields';
import type { SignInMethod } from './methods/types';
import { useValidationText } from './use-form-text';

/** Phone sign-in starts on Costa Rica (spec §5). */
export const SIGN_IN_DEFAULT_COUNTRY = 'CR';

type Values = { email: string; country: string; phone: string; password: string };

const schemas = {
  email: z.object({ email: emailField, password: signInPasswordField }),
  phone: z.object({ phone: phoneField, password: signInPasswordField }),
};

/** A sign-up whose activation code was never entered: where the code goes. */
export type NotActivated = { type: ContactMode; contact: string };

/**
 * Sign in by email or phone and password (spec §3, §5). The right password of a sign-up not
 * activated yet (ACCOUNT_NOT_ACTIVATED) calls `onNotActivated` with its contact, before the error
 * reaches the alert, so the dialog can show the activation step.
 */
export function SignInForm({
  captcha,
  onMethod,
  onNotActivated,
}: {
  captcha: AuthProviders['captcha'];
  onMethod: (method: SignInMethod) => Promise<void>;
  onNotActivated?: (pending: NotActivated) => void;
}) {
  const t = useTranslations('authForm');
  const tv = useValidationText();
  const locale = useLocale();
  const { hrefFor } = useModal();
  const [mode, setMode] = useState<ContactMode>('email');
  // After many failed passwords the server asks for a human verification (CAPTCHA_REQUIRED).
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const [captchaError, setCaptchaError] = useState<string | undefined>();
  const captchaRef = useRef<CaptchaHandle>(null);

  const toInput = (v: Values) => ({ ...contactInput(mode, v), password: v.password });

  const form = useFormik<Values>({
    initialValues: { email: '', country: SIGN_IN_DEFAULT_COUNTRY, phone: '', password: '' },
    validate: (values) => zodValidate(schemas[mode])(toInput(values)),
    onSubmit: async (values) => {
      const input = toInput(values);
      setCaptchaError(undefined);
      let captchaValue: string | undefined;
      if (needsCaptcha) {
        try {
          captchaValue = await captchaRef.current!.ensure();
        } catch {
          setCaptchaError(tv('captchaRequired'));
          return;
        }
      }
      await onMethod(async (twoFactorCode) => {
        try {
          return await authApi.signIn({ ...input, twoFactorCode, captcha: captchaValue }, locale);
        } catch (error) {
          if (error instanceof ApiClientError && error.code === 'CAPTCHA_REQUIRED') {
            setNeedsCaptcha(true);
          }
          if (error instanceof ApiClientError && error.code === 'ACCOUNT_NOT_ACTIVATED') {
            onNotActivated?.({ type: mode, contact: 'email' in input ? input.email : input.phone });
          }
          throw error;
        } finally {
          // A solution passes once: the next submit solves a fresh challenge.
          captchaRef.current?.reset();
        }
      });
    },
  });

  return (
    <FormStack form={form} testId="sign-in-form">
      <CredentialFields form={form} mode={mode} onModeChange={setMode} />
      {needsCaptcha && <CaptchaField ref={captchaRef} settings={captcha} error={captchaError} />}
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
      <SubmitButton form={form} testId="sign-in-submit">
        {t('signInSubmit')}
      </SubmitButton>
    </FormStack>
  );
}
