'use client';

import type { FormikProps } from 'formik';
import { useTranslations } from 'next-intl';
import type { ContactValues } from '@/lib/forms/contact';
import { fieldProps } from '@/lib/forms/form-kit';
import { ContactFields, type ContactMode } from './contact-field';
import { PasswordField } from './password-field';
import { useValidationText } from './use-form-text';

/**
 * What sign-in and sign-up open with: email or phone, then the password — the account's existing
 * one (sign-in) or a new one, described by the checklist under it (sign-up).
 */
export function CredentialFields<V extends ContactValues & { password: string }>({
  form,
  mode,
  onModeChange,
  newPassword,
}: {
  form: FormikProps<V>;
  mode: ContactMode;
  onModeChange: (mode: ContactMode) => void;
  /** For sign-up: the id of the checklist that describes the password field. */
  newPassword?: { describedBy: string };
}) {
  const t = useTranslations('authForm');
  const tv = useValidationText();
  return (
    <>
      <ContactFields
        form={form}
        mode={mode}
        onModeChange={onModeChange}
        autoComplete={newPassword ? 'email' : 'username'}
      />
      <PasswordField
        label={t('password')}
        autoComplete={newPassword ? 'new-password' : 'current-password'}
        {...fieldProps(form, 'password', tv)}
        fullWidth
        slotProps={{
          htmlInput: {
            'data-testid': 'password-input',
            'aria-describedby': newPassword?.describedBy,
          },
        }}
      />
    </>
  );
}
