'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { LazyMessages } from '@/components/i18n/lazy-messages';
import { useShell } from '@/components/layout/shell-context';
import { reportError } from '@/lib/api/error-log';
import { supportIdentityQuery } from '@/lib/api/support';
import type { ExtraConfiguration, SiteConfiguration } from '@/lib/content/schemas';
import type { ChatwootWidget } from '@/lib/schemas/support';
import { SupportDrawer } from '../support-drawer';
import { chatwootReady, identifyMember, loadChatwoot } from './chatwoot-sdk';

function Connecting({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const t = useTranslations('supportChat');
  if (failed) {
    return (
      <Alert
        severity="error"
        sx={{ mb: 2 }}
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('retry')}
          </Button>
        }
      >
        {t('chatwootFailed')}
      </Alert>
    );
  }
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }} role="status">
      <CircularProgress size={20} aria-hidden />
      <Typography>{t('chatwootConnecting')}</Typography>
    </Stack>
  );
}

type Props = {
  widget: ChatwootWidget;
  support: SiteConfiguration['support'];
  extra: ExtraConfiguration | null;
};

/**
 * Live support on the operator's Chatwoot (SUPPORT_PROVIDER=chatwoot), for a signed-in player: each
 * opening hands Chatwoot the signed contact and fresh memberInfo, then opens its chat window. The
 * panel shows only while the SDK loads the first time, or when it could not.
 */
export function ChatwootSupport(props: Props) {
  return (
    <LazyMessages namespaces={['supportChat']}>
      <ChatwootHandOff {...props} />
    </LazyMessages>
  );
}

function ChatwootHandOff({ widget, support, extra }: Props) {
  const { supportOpen, setSupportOpen } = useShell();
  const t = useTranslations('supportChat');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(chatwootReady);
  const [failedAttempt, setFailedAttempt] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);
  // Each opening starts without the last one's error.
  const [wasOpen, setWasOpen] = useState(supportOpen);
  if (wasOpen !== supportOpen) {
    setWasOpen(supportOpen);
    if (supportOpen) setFailedAttempt(null);
  }
  const frameTitle = t('chatwootFrame');

  useEffect(() => {
    if (!supportOpen) return;
    let live = true;
    const open = async () => {
      const identity = await queryClient.fetchQuery(supportIdentityQuery());
      const api = await loadChatwoot(widget, locale, identity.identifier);
      if (!live) return;
      identifyMember(api, identity, locale, frameTitle);
      api.toggle('open');
      setReady(true);
      setSupportOpen(false);
    };
    open().catch(() => {
      if (!live) return;
      setReady(chatwootReady());
      setFailedAttempt(attempt);
    });
    return () => {
      live = false;
    };
  }, [supportOpen, attempt, widget, locale, frameTitle, queryClient, setSupportOpen]);

  // Chatwoot refused the contact (its identity validation secret differs from ours): the chat
  // goes on as a visitor, and the operator learns of it from the error log.
  useEffect(() => {
    const refused = () => void reportError(new Error('Chatwoot refused the member identity'));
    window.addEventListener('chatwoot:error', refused);
    return () => window.removeEventListener('chatwoot:error', refused);
  }, []);

  return (
    <SupportDrawer
      support={support}
      extra={extra}
      open={supportOpen && (!ready || failedAttempt === attempt)}
      chat={
        <Connecting failed={failedAttempt === attempt} onRetry={() => setAttempt((n) => n + 1)} />
      }
    />
  );
}
