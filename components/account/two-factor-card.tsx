'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useFormik } from 'formik';
import { useState } from 'react';
import { z } from 'zod';
import { authApi } from '@/lib/api/auth';
import { fieldProps, FormStack, SubmitButton } from '@/lib/forms/form-kit';
import { zodValidate } from '@/lib/forms/zod-validate';
import { playerKeys, profileQuery } from '@/lib/api/queries/player';
import type { TwoFactorSetup } from '@/lib/schemas/player';
import { twoFactorCodeField } from '@/lib/schemas/auth';
import { errorMessage } from '@/components/auth/error-message';
import { useValidationText } from '@/components/auth/use-form-text';
import { CurrentPasswordField } from './current-password-field';

const codeSchema = z.object({ code: twoFactorCodeField });

/** Two-factor authentication on the security page: turn on with a QR code and a code, off with a code. */
export function TwoFactorCard() {
  const t = useTranslations('security');
  const te = useTranslations('errors');
  const tv = useValidationText();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const profile = useQuery(profileQuery());
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  // Turning 2FA on or off needs the current password (or a sign-in in the last 5 minutes).
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const enabled = profile.data?.twoFactorEnabled ?? false;
  const needsPassword = profile.data?.hasPassword ?? false;
  const proof = needsPassword && password ? { password } : {};

  const form = useFormik({
    initialValues: { code: '' },
    validate: zodValidate(codeSchema),
    onSubmit: async (values, helpers) => {
      setError(null);
      const { code } = codeSchema.parse(values);
      try {
        if (enabled) await authApi.twoFactorDisable({ code, ...proof }, locale);
        else await authApi.twoFactorEnable({ code, ...proof }, locale);
        setSetup(null);
        helpers.resetForm();
        setPassword('');
        await queryClient.invalidateQueries({ queryKey: playerKeys.profile });
      } catch (cause) {
        setError(errorMessage(cause, te('anErrorOccurred')));
      }
    },
  });

  const start = async () => {
    setError(null);
    try {
      setSetup(await authApi.twoFactorSetup(proof, locale));
    } catch (cause) {
      setError(errorMessage(cause, te('anErrorOccurred')));
    }
  };

  return (
    <Card data-testid="two-factor-card" data-enabled={enabled}>
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
              {t('twoFactorTitle')}
            </Typography>
            {profile.data && (
              <Chip
                size="small"
                color={enabled ? 'success' : 'default'}
                label={enabled ? t('on') : t('off')}
                data-testid="two-factor-status"
              />
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {enabled ? t('twoFactorOnIntro') : t('twoFactorOffIntro')}
          </Typography>
          {error && (
            <Alert severity="error" onClose={() => setError(null)}>
              {error}
            </Alert>
          )}
          {needsPassword && (
            <CurrentPasswordField
              value={password}
              onChange={setPassword}
              testId="two-factor-password"
            />
          )}
          {!enabled && !setup && profile.data && (
            <Button
              variant="header"
              onClick={() => void start()}
              sx={{ alignSelf: 'flex-start' }}
              data-testid="two-factor-start"
            >
              {t('enable')}
            </Button>
          )}
          {setup && (
            <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Typography variant="body2">{t('scan')}</Typography>
              <Box
                component="img"
                src={setup.qrCode}
                alt={t('qrAlt')}
                width={200}
                height={200}
                sx={{ bgcolor: 'common.white', borderRadius: 1 }}
              />
              <Typography variant="body2">
                {t('manualKey')}{' '}
                <Box
                  component="code"
                  data-testid="two-factor-secret"
                  sx={{ wordBreak: 'break-all' }}
                >
                  {setup.secret}
                </Box>
              </Typography>
            </Stack>
          )}
          {(setup || enabled) && (
            <FormStack
              form={form}
              testId="two-factor-form"
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
            >
              <TextField
                label={t('code')}
                {...fieldProps(form, 'code', tv)}
                autoComplete="one-time-code"
                size="small"
                slotProps={{
                  htmlInput: {
                    inputMode: 'numeric',
                    maxLength: 6,
                    'data-testid': 'two-factor-code',
                  },
                }}
              />
              <SubmitButton
                form={form}
                testId="two-factor-submit"
                variant={enabled ? 'outlinedSecondary' : 'header'}
                size="medium"
              >
                {enabled ? t('disable') : t('confirm')}
              </SubmitButton>
            </FormStack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
