'use client';

import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { toastText } from '@/lib/notifications/toast-text';

/**
 * What a player of one language will see: the toast that pops up when the notice arrives (only a
 * notice with a message pops up) and the item in the notifications drawer.
 */
export function NoticePreview({
  title,
  message,
  language,
  reader,
}: {
  title: string;
  message: string;
  /** The language the text is in. */
  language: string;
  /** Whose view it is: the name of the players' language. */
  reader: string;
}) {
  const t = useTranslations('backOffice.notices');
  return (
    <Stack spacing={1} component="section" aria-label={t('preview.label', { language: reader })}>
      <Typography variant="overline">{t('preview.toast')}</Typography>
      {message ? (
        <Alert severity="info" role="note" lang={language}>
          {toastText(title, message)}
        </Alert>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('preview.noToast')}
        </Typography>
      )}
      <Typography variant="overline">{t('preview.drawer')}</Typography>
      <Paper variant="outlined" lang={language} sx={{ p: 1.5 }}>
        <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>
          {title || '—'}
        </Typography>
        {message && (
          <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
            {message}
          </Typography>
        )}
      </Paper>
    </Stack>
  );
}
