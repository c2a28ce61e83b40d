'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useFormik } from 'formik';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { languageName } from '@/lib/i18n/language-name';
import { locales, type Locale } from '@/lib/i18n/locales';
import type { PlayerRow } from '@/lib/schemas/back-office-players';
import { noticeCategories, type PublishNotice } from '@/lib/schemas/notifications';
import { useOperatorApi } from '../operator-api';
import { NoticePreview } from './notice-preview';

type Text = { title: string; message: string };
type Values = {
  audience: 'platform' | 'personal';
  player: string;
  language: '' | Locale;
  vipLevel: string;
  category: PublishNotice['category'];
  releaseTime: string;
  expiresAt: string;
  texts: Record<Locale, Text>;
};

const TITLE_MAX = 120;
const MESSAGE_MAX = 1000;
const emptyTexts = () =>
  Object.fromEntries(locales.map((l) => [l, { title: '', message: '' }])) as Record<Locale, Text>;
/** A `datetime-local` value (the staff member's clock) as an instant; empty stays empty. */
const instant = (local: string) => (local ? new Date(local).toISOString() : undefined);

const errorKeys = [
  'englishRequired',
  'textTooLong',
  'titleRequired',
  'messageRequired',
  'playerRequired',
  'playerNotFound',
  'vipLevelInvalid',
  'expiryAfterRelease',
] as const;
type ErrorKey = (typeof errorKeys)[number];
const isErrorKey = (key: unknown): key is ErrorKey =>
  (errorKeys as readonly unknown[]).includes(key);

/** What the form cannot send, as message keys of the room; the API checks all of it again. */
function validate(values: Values): Record<string, ErrorKey> {
  const errors: Record<string, ErrorKey> = {};
  if (!values.texts.en.title.trim()) errors.english = 'englishRequired';
  for (const l of locales) {
    const { title, message } = values.texts[l];
    if (title.trim().length > TITLE_MAX || message.trim().length > MESSAGE_MAX) {
      errors[`text.${l}`] = 'textTooLong';
    } else if (l !== 'en' && message.trim() && !title.trim()) {
      errors[`text.${l}`] = 'titleRequired';
    } else if (l !== 'en' && title.trim() && !message.trim() && values.texts.en.message.trim()) {
      // Its players would otherwise get the title alone: no message, no toast.
      errors[`text.${l}`] = 'messageRequired';
    }
  }
  if (values.audience === 'personal' && !values.player.trim()) errors.player = 'playerRequired';
  if (values.audience === 'platform' && values.vipLevel && !/^\d{1,3}$/.test(values.vipLevel)) {
    errors.vipLevel = 'vipLevelInvalid';
  }
  if (
    values.expiresAt &&
    Date.parse(values.expiresAt) <=
      (values.releaseTime ? Date.parse(values.releaseTime) : Date.now())
  ) {
    errors.expiresAt = 'expiryAfterRelease';
  }
  return errors;
}

/**
 * Writes a notice: to one player (admin and support) or to everyone or a segment (admin), its
 * English text and any other language's, when it goes out and until when, with a preview of the
 * toast and the drawer item in the language being written.
 */
export function ComposeDialog({
  canAddressEveryone,
  player,
  onClose,
  onPublished,
}: {
  canAddressEveryone: boolean;
  /** A player to write to, when the room was opened from their page. */
  player?: string;
  onClose: () => void;
  onPublished: (status: string) => void;
}) {
  const t = useTranslations('backOffice.notices');
  const locale = useLocale();
  const api = useOperatorApi();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [tab, setTab] = useState<Locale>('en');
  const [failure, setFailure] = useState<string | null>(null);
  const nameOf = (l: string) => languageName(locale, l);

  /** The player's id from what staff know of them: their member ID or username, exactly. */
  const findPlayer = async (known: string) => {
    const rows = await api<PlayerRow[]>(
      `/operator/players?${new URLSearchParams({ q: known, limit: '20' })}`,
    );
    return rows.find(
      (r) => r.memberId === known || r.username.toLowerCase() === known.toLowerCase(),
    );
  };

  const form = useFormik<Values>({
    initialValues: {
      audience: canAddressEveryone && !player ? 'platform' : 'personal',
      player: player ?? '',
      language: '',
      vipLevel: '',
      category: 'news',
      releaseTime: '',
      expiresAt: '',
      texts: emptyTexts(),
    },
    validate,
    onSubmit: async (values) => {
      setFailure(null);
      let userId: string | undefined;
      if (values.audience === 'personal') {
        const found = await findPlayer(values.player.trim()).catch(() => undefined);
        if (!found) {
          form.setFieldError('player', 'playerNotFound');
          return;
        }
        userId = found.id;
      }
      const texts = Object.fromEntries(
        locales
          .filter((l) => l !== 'en' && values.texts[l].title.trim())
          .map((l) => [
            l,
            { title: values.texts[l].title.trim(), message: values.texts[l].message.trim() },
          ]),
      );
      const segment = {
        ...(values.language ? { language: values.language } : {}),
        ...(values.vipLevel ? { vipLevel: Number(values.vipLevel) } : {}),
      };
      try {
        const published = await api<{ status: string }>('/operator/notices', {
          method: 'POST',
          body: {
            audience: values.audience,
            ...(userId ? { userId } : {}),
            ...(values.audience === 'platform' && Object.keys(segment).length ? { segment } : {}),
            category: values.category,
            title: values.texts.en.title.trim(),
            message: values.texts.en.message.trim(),
            ...(Object.keys(texts).length ? { texts } : {}),
            ...(values.releaseTime ? { releaseTime: instant(values.releaseTime) } : {}),
            ...(values.expiresAt ? { expiresAt: instant(values.expiresAt) } : {}),
          },
        });
        onPublished(published.status);
      } catch (error) {
        setFailure(error instanceof Error ? error.message : String(error));
      }
    },
  });
  const errorOf = (name: string) => {
    const key = (form.errors as Record<string, unknown>)[name];
    return form.submitCount > 0 && isErrorKey(key) ? t(`errors.${key}`) : undefined;
  };
  const text = form.values.texts[tab];
  const setText = (field: keyof Text, value: string) =>
    void form.setFieldValue(`texts.${tab}.${field}`, value);
  const tabError = (l: Locale) =>
    (l === 'en' ? errorOf('english') : undefined) ?? errorOf(`text.${l}`);

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={phone}
      aria-labelledby="compose-title"
    >
      <form noValidate onSubmit={form.handleSubmit}>
        <DialogTitle id="compose-title">{t('compose.title')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <TextField
                select
                size="small"
                name="audience"
                label={t('compose.audience')}
                value={form.values.audience}
                onChange={form.handleChange}
                sx={{ minWidth: 200 }}
              >
                {canAddressEveryone && (
                  <MenuItem value="platform">{t('audience.platform')}</MenuItem>
                )}
                <MenuItem value="personal">{t('audience.personal')}</MenuItem>
              </TextField>
              <TextField
                select
                size="small"
                name="category"
                label={t('compose.category')}
                value={form.values.category}
                onChange={form.handleChange}
                sx={{ minWidth: 160 }}
              >
                {noticeCategories.map((c) => (
                  <MenuItem key={c} value={c}>
                    {t(`categories.${c}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            {form.values.audience === 'personal' ? (
              <TextField
                size="small"
                name="player"
                label={t('compose.player')}
                value={form.values.player}
                onChange={form.handleChange}
                error={Boolean(errorOf('player'))}
                helperText={errorOf('player')}
                required
              />
            ) : (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <TextField
                  select
                  size="small"
                  name="language"
                  label={t('compose.segmentLanguage')}
                  value={form.values.language}
                  onChange={form.handleChange}
                  sx={{ minWidth: 200 }}
                >
                  <MenuItem value="">{t('compose.everyLanguage')}</MenuItem>
                  {locales.map((l) => (
                    <MenuItem key={l} value={l}>
                      {nameOf(l)}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  size="small"
                  name="vipLevel"
                  label={t('compose.vipLevel')}
                  value={form.values.vipLevel}
                  onChange={form.handleChange}
                  error={Boolean(errorOf('vipLevel'))}
                  helperText={errorOf('vipLevel') ?? t('compose.vipLevelHelp')}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
              </Stack>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <TextField
                size="small"
                type="datetime-local"
                name="releaseTime"
                label={t('compose.releaseTime')}
                value={form.values.releaseTime}
                onChange={form.handleChange}
                helperText={t('compose.releaseHelp')}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
              />
              <TextField
                size="small"
                type="datetime-local"
                name="expiresAt"
                label={t('compose.expiresAt')}
                value={form.values.expiresAt}
                onChange={form.handleChange}
                error={Boolean(errorOf('expiresAt'))}
                helperText={errorOf('expiresAt') ?? t('compose.expiresHelp')}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
              />
            </Stack>
            <Tabs
              value={tab}
              onChange={(_event, next: Locale) => setTab(next)}
              variant="scrollable"
              allowScrollButtonsMobile
              aria-label={t('compose.languages')}
            >
              {locales.map((l) => (
                <Tab
                  key={l}
                  value={l}
                  label={`${nameOf(l)}${form.values.texts[l].title.trim() ? ' ✓' : ''}`}
                  sx={tabError(l) ? { color: 'error.dark' } : undefined}
                />
              ))}
            </Tabs>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <Stack spacing={1.5} sx={{ flex: 1 }}>
                <TextField
                  size="small"
                  label={t('compose.noticeTitle', { language: nameOf(tab) })}
                  value={text.title}
                  onChange={(event) => setText('title', event.target.value)}
                  required={tab === 'en'}
                  error={Boolean(tabError(tab))}
                  helperText={
                    tabError(tab) ??
                    (tab === 'en' ? t('compose.englishHelp') : t('compose.otherHelp'))
                  }
                  slotProps={{ htmlInput: { lang: tab, dir: tab === 'ar' ? 'rtl' : 'ltr' } }}
                />
                <TextField
                  size="small"
                  multiline
                  minRows={3}
                  label={t('compose.message', { language: nameOf(tab) })}
                  value={text.message}
                  onChange={(event) => setText('message', event.target.value)}
                  slotProps={{ htmlInput: { lang: tab, dir: tab === 'ar' ? 'rtl' : 'ltr' } }}
                />
              </Stack>
              <Stack sx={{ flex: 1 }}>
                {/* A language without its own text reads the English: the preview shows what they get. */}
                <NoticePreview
                  title={text.title || form.values.texts.en.title}
                  message={text.title ? text.message : form.values.texts.en.message}
                  language={text.title ? tab : 'en'}
                  reader={nameOf(tab)}
                />
              </Stack>
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('compose.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={form.isSubmitting}>
            {form.values.releaseTime ? t('compose.schedule') : t('compose.publish')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
