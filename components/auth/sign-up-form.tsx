'use client';

import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import Cookies from 'js-cookie';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { z } from 'zod';
import { authApi } from '@/lib/api/auth';
import { contactInput, type ContactMode } from '@/lib/forms/contact';
import { fieldProps, FormStack, shownError, SubmitButton } from '@/lib/forms/form-kit';
import { zodValidate } from '@/lib/forms/zod-validate';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import { REFERRER_COOKIE } from '@/lib/referral/referrer-cookie';
import { emailField, newPasswordField, phoneField, promotionCodeField } from '@/lib/schemas/auth';
import type { AuthProviders } from '@/lib/schemas/player';
import { CaptchaField, type CaptchaHandle } from './captcha-field';
import { CredentialFields } from './credential-fields';
import { PasswordChecklist } from './password-checklist';
import { useValidationText } from './use-form-text';

type Values = {
  email: string;
  country: string;
  phone: string;
  password: string;
  terms: boolean;
  withCode: boolean;
  promotionCode: string;
};

const rest = {
  password: newPasswordField,
  terms: z.literal(true, { error: 'termsRequired' }),
  promotionCode: promotionCodeField,
};
const schemas = {
  email: z.object({ email: emailField, ...rest }),
  phone: z.object({ phone: phoneField, ...rest }),
};

export type SignUpDone = { type: 'email' | 'phone'; contact: string };

/**
 * Sign up by email or phone (spec §3, §5): live password checklist, terms (unticked at first; the
 * player ticks them, issue 32),
 * a promotion code behind a checkbox (prefilled from the referral cookie), and the captcha before
 * the first submit is sent.
 */
export function SignUpForm({
  captcha,
  defaultCountry,
  onRegistered,
  onError,
}: {
  captcha: AuthProviders['captcha'];
  defaultCountry: string;
  onRegistered: (done: SignUpDone) => void;
  onError: (error: unknown) => void;
}) {
  const t = useTranslations('authForm');
  const tv = useValidationText();
  const locale = useLocale();
  const checklistId = useId();
  const captchaRef = useRef<CaptchaHandle>(null);
  const [mode, setMode] = useState<ContactMode>('email');
  const [captchaError, setCaptchaError] = useState<string | undefined>();
  const [storedCode] = useState(() => Cookies.get(REFERRER_COOKIE) ?? '');

  const toInput = (v: Values) => ({
    ...contactInput(mode, v),
    password: v.password,
    terms: v.terms,
    promotionCode: v.withCode ? v.promotionCode : undefined,
  });

  const form = useFormik<Values>({
    initialValues: {
      email: '',
      country: defaultCountry,
      phone: '',
      password: '',
      terms: false,
      withCode: Boolean(storedCode),
      promotionCode: storedCode,
    },
    validate: (values) => zodValidate(schemas[mode])(toInput(values)),
    onSubmit: async (values) => {
      setCaptchaError(undefined);
      let captchaValue: string;
      try {
        captchaValue = await captchaRef.current!.ensure();
      } catch {
        setCaptchaError(tv('captchaRequired'));
        return;
      }
      const input = toInput(values);
      try {
        const done = await authApi.register(
          {
            isEmail: mode === 'email',
            ...contactInput(mode, values),
            password: values.password,
            repeatPassword: values.password,
            language: locale,
            promotionCode: input.promotionCode || undefined,
            captcha: captchaValue,
          },
          locale,
        );
        onRegistered({ type: done.type, contact: done.contact });
      } catch (error) {
        captchaRef.current?.reset();
        onError(error);
      }
    },
  });
  const shown = (field: keyof Values) => shownError(form, field);

  return (
    <FormStack form={form} testId="sign-up-form">
      <CredentialFields
        form={form}
        mode={mode}
        onModeChange={setMode}
        newPassword={{ describedBy: checklistId }}
      />
      <PasswordChecklist password={form.values.password} id={checklistId} />
      <FormControlLabel
        control={
          <Checkbox name="withCode" checked={form.values.withCode} onChange={form.handleChange} />
        }
        label={t('havePromotionCode')}
      />
      {form.values.withCode && (
        <TextField
          label={t('promotionCode')}
          {...fieldProps(form, 'promotionCode', tv)}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'promo-input', maxLength: 32 } }}
        />
      )}
      <Stack>
        <FormControlLabel
          control={
            <Checkbox name="terms" checked={form.values.terms} onChange={form.handleChange} />
          }
          label={t.rich('acceptTerms', {
            terms: (chunks) => (
              <Link component={IntlLink} href="/help" target="_blank">
                {chunks}
              </Link>
            ),
          })}
        />
        {shown('terms') && (
          <FormHelperText error data-testid="terms-error">
            {tv(form.errors.terms)}
          </FormHelperText>
        )}
      </Stack>
      <CaptchaField ref={captchaRef} settings={captcha} error={captchaError} />
      <SubmitButton form={form} testId="sign-up-submit">
        {t('signUpSubmit')}
      </SubmitButton>
    </FormStack>
  );
}
