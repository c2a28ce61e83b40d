'use client';

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useTranslations } from 'next-intl';
import { fieldProps } from '@/lib/forms/form-kit';
import { zodValidate } from '@/lib/forms/zod-validate';
import { STAFF_PASSWORD_MIN, staffAccountSchema } from '@/lib/schemas/staff';
import { RoleSelect } from './role-select';

type Field = 'email' | 'name' | 'role' | 'password';
type Values = Record<Field, string>;
const validate = zodValidate(staffAccountSchema);

/** A new back-office account: the API answers its TOTP secret once, shown by the caller. */
export function NewStaffForm({ onCreate }: { onCreate: (values: Values) => Promise<boolean> }) {
  const t = useTranslations('backOffice.staff');
  const form = useFormik<Values>({
    initialValues: { email: '', name: '', role: 'support', password: '' },
    validate,
    onSubmit: async (values, helpers) => {
      if (await onCreate(values)) helpers.resetForm();
    },
  });
  const field = (name: Field) =>
    fieldProps(form, name, (error) =>
      error ? t(`invalid.${name}`, { min: STAFF_PASSWORD_MIN }) : undefined,
    );
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={form.handleSubmit}
      aria-labelledby="new-staff-title"
      spacing={1}
      sx={{ mb: 3, maxWidth: 900 }}
    >
      <Typography id="new-staff-title" variant="h6" component="h2">
        {t('add')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} useFlexGap>
        <TextField {...field('email')} size="small" type="email" label={t('fields.email')} />
        <TextField {...field('name')} size="small" label={t('fields.name')} />
        <RoleSelect {...field('role')} label={t('fields.role')} />
        <TextField
          {...field('password')}
          size="small"
          type="password"
          autoComplete="new-password"
          label={t('fields.password')}
        />
        <Button
          type="submit"
          variant="contained"
          loading={form.isSubmitting}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('create')}
        </Button>
      </Stack>
    </Stack>
  );
}
