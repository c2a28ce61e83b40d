'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { profileApi } from '@/lib/api/profile';
import { errorMessage } from '@/components/auth/error-message';
import { useSession } from '@/components/session/session-context';

/**
 * The old address undoes a change of email or phone: one press (a link alone changes nothing, so
 * a mail scanner opening it does no harm); every session ends, so this browser signs out too.
 */
export function UndoContactChange() {
  const t = useTranslations('recovery');
  const te = useTranslations('errors');
  const locale = useLocale();
  const session = useSession();
  const token = useSearchParams().get('token');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  if (!token) return <Alert severity="warning">{t('missing')}</Alert>;
  const undo = async () => {
    setBusy(true);
    setResult(null);
    try {
      const done = await profileApi.undoContact(token, locale);
      setResult({
        ok: true,
        text: done.restored ? t('done', { contact: done.restored }) : t('doneNoContact'),
      });
      if (session.status === 'authenticated') session.logout();
    } catch (cause) {
      setResult({ ok: false, text: errorMessage(cause, te('anErrorOccurred')) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      {result && <Alert severity={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
      {!result?.ok && (
        <Button
          variant="header"
          loading={busy}
          onClick={() => void undo()}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('undo')}
        </Button>
      )}
    </Stack>
  );
}
