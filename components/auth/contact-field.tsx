'use client';

import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import type { FormikProps } from 'formik';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { ContactMode, ContactValues } from '@/lib/forms/contact';
import { countryList } from '@/lib/forms/countries';
import { shownError } from '@/lib/forms/form-kit';
import { useValidationText } from './use-form-text';

export type { ContactMode } from '@/lib/forms/contact';

/**
 * The email / phone tabs and the field of the chosen one, wired to a Formik form; used by sign-in,
 * sign-up and the password reset. Switching tabs clears the other tab's errors.
 */
export function ContactFields<V extends ContactValues>({
  form,
  mode,
  onModeChange,
  autoComplete,
}: {
  form: FormikProps<V>;
  mode: ContactMode;
  onModeChange: (mode: ContactMode) => void;
  autoComplete: 'username' | 'email';
}) {
  const t = useTranslations('authForm');
  const tv = useValidationText();
  const error = tv(shownError(form, mode));
  return (
    <>
      <Tabs
        value={mode}
        onChange={(_e, value: ContactMode) => {
          onModeChange(value);
          form.setErrors({});
        }}
        aria-label={t('contactMode')}
        variant="fullWidth"
      >
        <Tab value="email" label={t('emailTab')} data-testid="mode-email" />
        <Tab value="phone" label={t('phoneTab')} data-testid="mode-phone" />
      </Tabs>
      <ContactField
        mode={mode}
        email={form.values.email}
        country={form.values.country}
        phone={form.values.phone}
        onChange={(field, value) => void form.setFieldValue(field, value)}
        onBlur={(field) => void form.setFieldTouched(field, true)}
        error={error || undefined}
        autoComplete={autoComplete}
      />
    </>
  );
}

type Props = {
  mode: 'email' | 'phone';
  email: string;
  country: string;
  phone: string;
  onChange: (field: 'email' | 'country' | 'phone', value: string) => void;
  onBlur: (field: 'email' | 'phone') => void;
  /** The translated error to show, if any (for whichever field the mode uses). */
  error?: string;
  autoComplete: 'username' | 'email';
};

/** Email, or phone as a country (flag and dial code) plus the number. */
export function ContactField({
  mode,
  email,
  country,
  phone,
  onChange,
  onBlur,
  error,
  autoComplete,
}: Props) {
  const t = useTranslations('authForm');
  const locale = useLocale();
  const countries = useMemo(() => countryList(locale), [locale]);

  if (mode === 'email') {
    return (
      <TextField
        label={t('email')}
        name="email"
        type="email"
        autoComplete={autoComplete}
        value={email}
        onChange={(e) => onChange('email', e.target.value)}
        onBlur={() => onBlur('email')}
        error={Boolean(error)}
        helperText={error}
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'email-input', inputMode: 'email' } }}
      />
    );
  }
  return (
    <Stack direction="row" spacing={1}>
      <TextField
        select
        label={t('country')}
        name="country"
        value={country}
        onChange={(e) => onChange('country', e.target.value)}
        sx={{ minWidth: 128, maxWidth: 150 }}
        slotProps={{
          select: {
            renderValue: (code) => {
              const picked = countries.find((c) => c.code === code);
              return picked ? `${picked.code} +${picked.phone}` : String(code);
            },
            MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } },
          },
          htmlInput: { 'data-testid': 'country-select' },
        }}
      >
        {countries.map((c) => (
          <MenuItem key={c.code} value={c.code} data-suggested={c.suggested || undefined}>
            {c.label} (+{c.phone})
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('phone')}
        name="phone"
        type="tel"
        autoComplete="tel-national"
        value={phone}
        onChange={(e) => onChange('phone', e.target.value)}
        onBlur={() => onBlur('phone')}
        error={Boolean(error)}
        helperText={error}
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'phone-input', inputMode: 'tel' } }}
      />
    </Stack>
  );
}
