'use client';

import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { profileQuery } from '@/lib/api/queries/player';
import { securityApi, securityKeys } from '@/lib/api/security';
import { fieldProps, FormStack, SubmitButton } from '@/lib/forms/form-kit';
import { zodValidate } from '@/lib/forms/zod-validate';
import { changePasswordSchema } from '@/lib/schemas/security';
import { errorMessage } from '@/components/auth/error-message';
import { PasswordChecklist } from '@/components/auth/password-checklist';
import { PasswordField } from '@/components/auth/password-field';
import { useValidationText } from '@/components/auth/use-form-text';

/**
 * A new password: the current one first (a player who signed in with a wallet or Google and has
 * none sets one after a recent sign-in). Every other session is signed out.
 */
export function ChangePasswordCard() {
  const t = useTranslations('security');
  const te = useTranslations('errors');
  const tv = useValidationText();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const profile = useQuery(profileQuery());
  const hasPassword = profile.data?.hasPassword ?? true;
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const form = useFormik({
    initialValues: { currentPassword: '', password: '', repeatPassword: '' },
    validate: zodValidate(changePasswordSchema),
    onSubmit: async (values, helpers) => {
      setResult(null);
      try {
        const { signedOut } = await securityApi.changePassword(
          {
            password: values.password,
            repeatPassword: values.repeatPassword,
            ...(hasPassword ? { currentPassword: values.currentPassword } : {}),
          },
          locale,
        );
        helpers.resetForm();
        setResult({ ok: true, text: t('passwordChanged', { count: signedOut }) });
        await queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
      } catch (cause) {
        setResult({ ok: false, text: errorMessage(cause, te('anErrorOccurred')) });
      }
    },
  });

  return (
    <Card component="section" aria-labelledby="password-title" data-testid="change-password-card">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="password-title" variant="h6" component="h2">
            {hasPassword ? t('passwordTitle') : t('passwordSetTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('passwordIntro')}
          </Typography>
          {result && (
            <Alert severity={result.ok ? 'success' : 'error'} onClose={() => setResult(null)}>
              {result.text}
            </Alert>
          )}
          <FormStack form={form} testId="change-password-form">
            {hasPassword && (
              <PasswordField
                label={t('currentPassword')}
                autoComplete="current-password"
                {...fieldProps(form, 'currentPassword', tv)}
                fullWidth
              />
            )}
            <PasswordField
              label={t('newPassword')}
              autoComplete="new-password"
              {...fieldProps(form, 'password', tv)}
              fullWidth
            />
            <PasswordChecklist password={form.values.password} />
            <PasswordField
              label={t('repeatPassword')}
              autoComplete="new-password"
              {...fieldProps(form, 'repeatPassword', tv)}
              fullWidth
            />
            <SubmitButton
              form={form}
              testId="change-password-submit"
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('changePassword')}
            </SubmitButton>
          </FormStack>
        </Stack>
      </CardContent>
    </Card>
  );
}
