'use client';

import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { profileApi } from '@/lib/api/profile';
import { playerKeys } from '@/lib/api/queries/player';
import { fieldProps, FormStack, SubmitButton } from '@/lib/forms/form-kit';
import { zodValidate } from '@/lib/forms/zod-validate';
import { codeField } from '@/lib/schemas/auth';
import type { Profile } from '@/lib/schemas/player';
import { contactChangeSchema } from '@/lib/schemas/profile';
import { errorMessage } from '@/components/auth/error-message';
import { PasswordField } from '@/components/auth/password-field';
import { useValidationText } from '@/components/auth/use-form-text';
import { z } from 'zod';

type Channel = 'email' | 'phone';
type Values = { channel: Channel; contact: string; password: string; twoFactorCode: string };

/** Empty optional fields are left out, as the platform expects them. */
const request = (v: Values) => ({
  channel: v.channel,
  contact: v.contact,
  ...(v.password ? { password: v.password } : {}),
  ...(v.twoFactorCode ? { twoFactorCode: v.twoFactorCode } : {}),
});

const codeSchema = z.object({ code: codeField });

/**
 * A new email or phone: the current password (or a recent sign-in) and the 2FA code when it is on,
 * then the code sent to the new address. The old address is told and can undo it for 7 days;
 * withdrawals wait 24 hours.
 */
export function ContactCard({ profile }: { profile: Profile }) {
  const t = useTranslations('myAccount');
  const te = useTranslations('errors');
  const tv = useValidationText();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<{ channel: Channel; contact: string } | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const fail = (cause: unknown) =>
    setResult({ ok: false, text: errorMessage(cause, te('anErrorOccurred')) });

  const ask = useFormik<Values>({
    initialValues: { channel: 'email', contact: '', password: '', twoFactorCode: '' },
    validate: (values) => zodValidate(contactChangeSchema)(request(values)),
    onSubmit: async (values) => {
      setResult(null);
      try {
        await profileApi.changeContact(request(values), locale);
        setSent({ channel: values.channel, contact: values.contact.trim().toLowerCase() });
      } catch (cause) {
        fail(cause);
      }
    },
  });

  const confirm = useFormik({
    initialValues: { code: '' },
    validate: zodValidate(codeSchema),
    onSubmit: async ({ code }, helpers) => {
      if (!sent) return;
      setResult(null);
      try {
        await profileApi.confirmContact({ ...sent, code }, locale);
        await queryClient.invalidateQueries({ queryKey: playerKeys.profile });
        setResult({
          ok: true,
          text: t(sent.channel === 'email' ? 'emailChanged' : 'phoneChanged'),
        });
        setSent(null);
        ask.resetForm();
        helpers.resetForm();
      } catch (cause) {
        fail(cause);
      }
    },
  });

  return (
    <Card component="section" aria-labelledby="contact-title" data-testid="contact-card">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="contact-title" variant="h6" component="h2">
            {t('contactTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('contactIntro')}
          </Typography>
          {result && (
            <Alert severity={result.ok ? 'success' : 'error'} onClose={() => setResult(null)}>
              {result.text}
            </Alert>
          )}
          {!sent ? (
            <FormStack form={ask} testId="contact-form">
              <TextField select label={t('contactChannel')} {...fieldProps(ask, 'channel', tv)}>
                <MenuItem value="email">{t('email')}</MenuItem>
                <MenuItem value="phone">{t('phone')}</MenuItem>
              </TextField>
              <TextField
                label={ask.values.channel === 'email' ? t('newEmail') : t('newPhone')}
                type={ask.values.channel === 'email' ? 'email' : 'tel'}
                autoComplete={ask.values.channel === 'email' ? 'email' : 'tel'}
                placeholder={ask.values.channel === 'phone' ? '+14155550123' : undefined}
                {...fieldProps(ask, 'contact', tv)}
              />
              {profile.hasPassword && (
                <PasswordField
                  label={t('currentPassword')}
                  autoComplete="current-password"
                  {...fieldProps(ask, 'password', tv)}
                />
              )}
              {profile.twoFactorEnabled && (
                <TextField
                  label={t('twoFactorCode')}
                  autoComplete="one-time-code"
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  {...fieldProps(ask, 'twoFactorCode', tv)}
                />
              )}
              <SubmitButton form={ask} testId="contact-submit" sx={{ alignSelf: 'flex-start' }}>
                {t('sendCode')}
              </SubmitButton>
            </FormStack>
          ) : (
            <FormStack form={confirm} testId="contact-confirm-form">
              <Typography variant="body2">{t('codeSent', { contact: sent.contact })}</Typography>
              <TextField
                label={t('code')}
                autoComplete="one-time-code"
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                {...fieldProps(confirm, 'code', tv)}
              />
              <SubmitButton
                form={confirm}
                testId="contact-confirm"
                sx={{ alignSelf: 'flex-start' }}
              >
                {t('confirmChange')}
              </SubmitButton>
            </FormStack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
