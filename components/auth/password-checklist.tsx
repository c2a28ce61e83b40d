'use client';

import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { visuallyHidden } from '@mui/utils';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { PASSWORD_MIN } from '@/lib/schemas/auth';

/** The live checklist under the sign-up password (spec §5): lowercase letter, digit, length 8. */
export function passwordChecks(password: string) {
  return {
    lowercase: /[a-z]/.test(password),
    digit: /\d/.test(password),
    length: password.length >= PASSWORD_MIN,
  };
}

export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const t = useTranslations('authForm.checklist');
  const checks = passwordChecks(password);
  return (
    <Stack
      component="ul"
      id={id}
      spacing={0.25}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
      data-testid="password-checklist"
    >
      {(Object.keys(checks) as (keyof typeof checks)[]).map((key) => (
        <Stack
          component="li"
          key={key}
          direction="row"
          spacing={1}
          data-met={checks[key]}
          sx={{ alignItems: 'center', color: checks[key] ? 'success.main' : 'text.secondary' }}
        >
          {checks[key] ? (
            <CheckCircleIcon fontSize="inherit" aria-hidden />
          ) : (
            <RadioButtonUncheckedIcon fontSize="inherit" aria-hidden />
          )}
          <Typography variant="caption">
            {t(key, { min: PASSWORD_MIN })}
            <Box component="span" sx={visuallyHidden}>
              {` — ${checks[key] ? t('met') : t('notMet')}`}
            </Box>
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}
