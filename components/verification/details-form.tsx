'use client';

import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { countryList } from '@/lib/forms/countries';
import { fieldProps, FormStack, SubmitButton } from '@/lib/forms/form-kit';
import { zodValidate } from '@/lib/forms/zod-validate';
import { kycDetailsSchema, type KycDetails } from '@/lib/schemas/kyc';
import { useValidationText } from '@/components/auth/use-form-text';

const empty: KycDetails = {
  firstName: '',
  lastName: '',
  birthDate: '',
  country: '',
  address: '',
  city: '',
  postalCode: '',
};

/** Level 1: who the player is and where they live; 18 or older. */
export function DetailsForm({ onSubmit }: { onSubmit: (details: KycDetails) => Promise<void> }) {
  const t = useTranslations('verification');
  const tv = useValidationText();
  const locale = useLocale();
  const countries = useMemo(() => countryList(locale), [locale]);
  const form = useFormik<KycDetails>({
    initialValues: empty,
    validate: zodValidate(kycDetailsSchema),
    onSubmit,
  });
  const field = (name: keyof KycDetails, autoComplete: string) => (
    <TextField
      label={t(`field.${name}`)}
      autoComplete={autoComplete}
      {...fieldProps(form, name, tv)}
      fullWidth
    />
  );
  return (
    <FormStack form={form} testId="kyc-details-form">
      {field('firstName', 'given-name')}
      {field('lastName', 'family-name')}
      <TextField
        label={t('field.birthDate')}
        type="date"
        autoComplete="bday"
        slotProps={{ inputLabel: { shrink: true } }}
        {...fieldProps(form, 'birthDate', tv)}
        fullWidth
      />
      <TextField select label={t('field.country')} {...fieldProps(form, 'country', tv)} fullWidth>
        {countries.map((c) => (
          <MenuItem key={c.code} value={c.code}>
            {c.label}
          </MenuItem>
        ))}
      </TextField>
      {field('address', 'street-address')}
      {field('city', 'address-level2')}
      {field('postalCode', 'postal-code')}
      <SubmitButton form={form} testId="kyc-details-submit" sx={{ alignSelf: 'flex-start' }}>
        {t('submitDetails')}
      </SubmitButton>
    </FormStack>
  );
}
