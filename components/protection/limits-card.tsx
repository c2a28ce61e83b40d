'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useFormik } from 'formik';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { protectionApi, protectionKeys } from '@/lib/api/protection';
import { fieldProps, FormStack, SubmitButton } from '@/lib/forms/form-kit';
import { zodValidate } from '@/lib/forms/zod-validate';
import {
  limitFormSchema,
  limitKinds,
  limitPeriods,
  type LimitFormValues,
  type PlayerLimit,
  type Protection,
  type SetLimitBody,
} from '@/lib/schemas/protection';
import { errorMessage } from '@/components/auth/error-message';
import { useValidationText } from '@/components/auth/use-form-text';

/**
 * Deposit, loss and wager limits over 24 hours, 7 days and 30 days, in USD: what is set, what is
 * used, what waits. A lower limit applies at once; a higher one, or a removal, after 24 hours.
 */
export function LimitsCard({
  protection,
  readOnly,
}: {
  protection: Protection;
  readOnly: boolean;
}) {
  const t = useTranslations('protection.limits');
  const te = useTranslations('errors');
  const tv = useValidationText();
  const format = useFormatter();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const usd = (value: number) => format.number(value, { style: 'currency', currency: 'USD' });

  const save = async (body: SetLimitBody) => {
    setResult(null);
    try {
      const next = await protectionApi.setLimit(body, locale);
      queryClient.setQueryData(protectionKeys.protection, next);
      const saved = next.limits.find((l) => l.kind === body.kind && l.period === body.period);
      setResult({ ok: true, text: saved?.pending ? t('savedLater') : t('savedNow') });
    } catch (cause) {
      setResult({ ok: false, text: errorMessage(cause, te('anErrorOccurred')) });
    }
  };

  const form = useFormik<LimitFormValues>({
    initialValues: { kind: 'deposit', period: 'day', amount: '' },
    validate: zodValidate(limitFormSchema),
    onSubmit: async (values, helpers) => {
      await save({ kind: values.kind, period: values.period, amount: Number(values.amount) });
      helpers.resetForm({ values: { ...values, amount: '' } });
    },
  });

  const status = (limit: PlayerLimit) =>
    limit.pending
      ? t(limit.pending.amount === null ? 'pendingRemoval' : 'pendingIncrease', {
          amount: limit.pending.amount === null ? '' : usd(limit.pending.amount),
          when: format.dateTime(new Date(limit.pending.effectiveAt), {
            dateStyle: 'medium',
            timeStyle: 'short',
          }),
        })
      : '';

  return (
    <Card component="section" aria-labelledby="limits-title" data-testid="limits-card">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="limits-title" variant="h6" component="h2">
            {t('title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('intro')}
          </Typography>
          {result && (
            <Alert severity={result.ok ? 'success' : 'error'} onClose={() => setResult(null)}>
              {result.text}
            </Alert>
          )}
          <Table size="small" aria-labelledby="limits-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('kindColumn')}</TableCell>
                <TableCell>{t('periodColumn')}</TableCell>
                <TableCell>{t('limitColumn')}</TableCell>
                <TableCell>{t('usedColumn')}</TableCell>
                {!readOnly && <TableCell>{t('actionsColumn')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {protection.limits
                .filter((l) => l.amount !== null || l.pending)
                .map((limit) => (
                  <TableRow key={`${limit.kind}-${limit.period}`}>
                    <TableCell>{t(`kind.${limit.kind}`)}</TableCell>
                    <TableCell>{t(`period.${limit.period}`)}</TableCell>
                    <TableCell>
                      {limit.amount === null ? t('none') : usd(limit.amount)}
                      {limit.pending && (
                        <Typography variant="caption" component="div" color="text.secondary">
                          {status(limit)}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{usd(limit.used)}</TableCell>
                    {!readOnly && (
                      <TableCell>
                        {limit.amount !== null && limit.pending?.amount !== null && (
                          <Button
                            size="small"
                            variant="outlinedSecondary"
                            onClick={() =>
                              void save({ kind: limit.kind, period: limit.period, amount: null })
                            }
                            aria-label={t('removeLabel', {
                              kind: t(`kind.${limit.kind}`),
                              period: t(`period.${limit.period}`),
                            })}
                          >
                            {t('remove')}
                          </Button>
                        )}
                      </TableCell>
                    )}
                  </TableRow>
                ))}
            </TableBody>
          </Table>
          {protection.limits.every((l) => l.amount === null && !l.pending) && (
            <Typography variant="body2">{t('noneSet')}</Typography>
          )}
          {!readOnly && (
            <FormStack form={form} testId="limit-form" direction={{ xs: 'column', sm: 'row' }}>
              <TextField select label={t('kindColumn')} {...fieldProps(form, 'kind', tv)} fullWidth>
                {limitKinds.map((k) => (
                  <MenuItem key={k} value={k}>
                    {t(`kind.${k}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label={t('periodColumn')}
                {...fieldProps(form, 'period', tv)}
                fullWidth
              >
                {limitPeriods.map((p) => (
                  <MenuItem key={p} value={p}>
                    {t(`period.${p}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label={t('amount')}
                {...fieldProps(form, 'amount', tv)}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                fullWidth
              />
              <SubmitButton form={form} testId="limit-submit" sx={{ alignSelf: 'flex-start' }}>
                {t('save')}
              </SubmitButton>
            </FormStack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
