'use client';

import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
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
import { changeUsernameSchema } from '@/lib/schemas/profile';
import { errorMessage } from '@/components/auth/error-message';
import { useValidationText } from '@/components/auth/use-form-text';

/** The name other players see: 3–20 letters, digits or underscores, unique, once every 30 days. */
export function UsernameCard({ username }: { username: string }) {
  const t = useTranslations('myAccount');
  const te = useTranslations('errors');
  const tv = useValidationText();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useFormik({
    initialValues: { username },
    enableReinitialize: true,
    validate: zodValidate(changeUsernameSchema),
    onSubmit: async (values) => {
      setResult(null);
      try {
        await profileApi.changeUsername(values.username.trim(), locale);
        await queryClient.invalidateQueries({ queryKey: playerKeys.profile });
        setResult({ ok: true, text: t('usernameSaved') });
      } catch (cause) {
        setResult({ ok: false, text: errorMessage(cause, te('anErrorOccurred')) });
      }
    },
  });
  return (
    <Card component="section" aria-labelledby="username-title" data-testid="username-card">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="username-title" variant="h6" component="h2">
            {t('usernameTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('usernameIntro')}
          </Typography>
          {result && (
            <Alert severity={result.ok ? 'success' : 'error'} onClose={() => setResult(null)}>
              {result.text}
            </Alert>
          )}
          <FormStack form={form} testId="username-form" direction={{ xs: 'column', sm: 'row' }}>
            <TextField
              label={t('username')}
              autoComplete="username"
              {...fieldProps(form, 'username', tv)}
              fullWidth
            />
            <SubmitButton form={form} testId="username-submit" sx={{ alignSelf: 'flex-start' }}>
              {t('usernameSave')}
            </SubmitButton>
          </FormStack>
        </Stack>
      </CardContent>
    </Card>
  );
}
