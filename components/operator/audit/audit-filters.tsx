'use client';

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useTranslations } from 'next-intl';
import { fieldProps } from '@/lib/forms/form-kit';
import { zodValidate } from '@/lib/forms/zod-validate';
import { auditFilterSchema, type AuditFilter } from '@/lib/schemas/operator';

export const auditFilterFields = ['action', 'target', 'actor', 'from', 'to'] as const;

/** The audit room's filter form: applied to the address on submit (the API checks it again). */
export function AuditFilters({
  current,
  onApply,
}: {
  current: AuditFilter;
  onApply: (filter: Record<(typeof auditFilterFields)[number], string>) => void;
}) {
  const t = useTranslations('backOffice.audit');
  const form = useFormik({
    initialValues: Object.fromEntries(
      auditFilterFields.map((f) => [f, current[f] ?? '']),
    ) as Record<(typeof auditFilterFields)[number], string>,
    enableReinitialize: true,
    validate: (values) =>
      zodValidate(auditFilterSchema)(
        Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')),
      ),
    onSubmit: (values) => onApply(values),
  });
  const field = (name: (typeof auditFilterFields)[number]) =>
    fieldProps(form, name, (error) => (error ? t('invalid') : undefined));
  return (
    <Stack
      component="form"
      noValidate
      direction="row"
      useFlexGap
      spacing={1}
      sx={{ flexWrap: 'wrap', mb: 2 }}
      onSubmit={form.handleSubmit}
      aria-label={t('filters')}
    >
      <TextField
        {...field('action')}
        size="small"
        label={t('fields.action')}
        placeholder="withdrawal."
      />
      <TextField
        {...field('target')}
        size="small"
        label={t('fields.target')}
        placeholder="withdrawal:"
      />
      <TextField {...field('actor')} size="small" label={t('fields.actor')} placeholder="staff:…" />
      <TextField
        {...field('from')}
        size="small"
        type="date"
        label={t('fields.from')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        {...field('to')}
        size="small"
        type="date"
        label={t('fields.to')}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button type="submit" variant="contained">
        {t('apply')}
      </Button>
    </Stack>
  );
}
