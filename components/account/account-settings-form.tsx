'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { playerApi } from '@/lib/api/auth';
import { balancesQuery, playerKeys, profileQuery } from '@/lib/api/queries/player';
import { isLocale } from '@/lib/i18n/locales';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import type { Profile } from '@/lib/schemas/player';
import { fiatCurrencies } from '@/lib/schemas/rates';
import { errorMessage } from '@/components/auth/error-message';
import { useLanguages } from '@/components/language/use-languages';

type Values = Pick<
  Profile['settings'],
  'language' | 'currency' | 'navbarCurrency' | 'hideName' | 'marketingEmail' | 'marketingSms'
>;

const pick = (s: Profile['settings']): Values => ({
  language: s.language,
  currency: s.currency,
  navbarCurrency: s.navbarCurrency,
  hideName: s.hideName,
  marketingEmail: s.marketingEmail,
  marketingSms: s.marketingSms,
});

/**
 * The account's settings, saved together: language, the currencies of the header and of the fiat
 * view, privacy in public feeds, marketing consent per channel. A new language takes the page to it.
 */
export function AccountSettingsForm() {
  const profile = useQuery(profileQuery());
  if (!profile.data) return null;
  return <SettingsFields initial={pick(profile.data.settings)} />;
}

function SettingsFields({ initial }: { initial: Values }) {
  const t = useTranslations('accountSettings');
  const te = useTranslations('errors');
  const locale = useLocale();
  const router = useRouter();
  const pathname = usePathname();
  const queryClient = useQueryClient();
  const balances = useQuery(balancesQuery());
  const languages = useLanguages();
  const [values, setValues] = useState<Values>(initial);
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const currencies = [
    ...new Set([values.navbarCurrency, ...(balances.data ?? []).map((b) => b.currency)]),
  ];

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setResult(null);
    try {
      const currency = fiatCurrencies.find((c) => c === values.currency);
      const saved = await playerApi.updateSettings({ ...values, currency }, locale);
      queryClient.setQueryData(playerKeys.profile, saved);
      setResult({ ok: true, text: t('saved') });
      if (isLocale(saved.settings.language) && saved.settings.language !== locale) {
        router.replace(pathname, { locale: saved.settings.language });
      }
    } catch (cause) {
      setResult({ ok: false, text: errorMessage(cause, te('anErrorOccurred')) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="settings-title" data-testid="account-settings">
      <CardContent>
        <Stack component="form" spacing={2.5} onSubmit={save} noValidate>
          <Typography id="settings-title" variant="h6" component="h2">
            {t('title')}
          </Typography>
          {result && (
            <Alert severity={result.ok ? 'success' : 'error'} onClose={() => setResult(null)}>
              {result.text}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={t('language')}
              value={values.language}
              onChange={(e) => set('language', e.target.value)}
              fullWidth
            >
              {(languages.data ?? []).map((l) => (
                <MenuItem
                  key={l.abbreviatedCode}
                  value={l.abbreviatedCode}
                  lang={l.abbreviatedCode}
                >
                  {l.nameOfTheLanguage}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('navbarCurrency')}
              value={values.navbarCurrency}
              onChange={(e) => set('navbarCurrency', e.target.value)}
              fullWidth
            >
              {currencies.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('fiatCurrency')}
              value={values.currency}
              onChange={(e) => set('currency', e.target.value)}
              fullWidth
            >
              {fiatCurrencies.map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Stack component="fieldset" spacing={0.5} sx={{ border: 0, m: 0, p: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
              {t('privacy')}
            </Typography>
            <FormControlLabel
              control={
                <Switch checked={values.hideName} onChange={(_, on) => set('hideName', on)} />
              }
              label={t('hideName')}
            />
          </Stack>
          <Stack component="fieldset" spacing={0.5} sx={{ border: 0, m: 0, p: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
              {t('marketing')}
            </Typography>
            <FormControlLabel
              control={
                <Switch
                  checked={values.marketingEmail}
                  onChange={(_, on) => set('marketingEmail', on)}
                />
              }
              label={t('marketingEmail')}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={values.marketingSms}
                  onChange={(_, on) => set('marketingSms', on)}
                />
              }
              label={t('marketingSms')}
            />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('displayNote')}
          </Typography>
          <Button type="submit" variant="header" loading={saving} sx={{ alignSelf: 'flex-start' }}>
            {t('save')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
