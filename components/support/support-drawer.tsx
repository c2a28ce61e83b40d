'use client';

import CloseIcon from '@mui/icons-material/Close';
import EmailIcon from '@mui/icons-material/Email';
import TelegramIcon from '@mui/icons-material/Telegram';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, type ReactNode } from 'react';
import { LazyMessages } from '@/components/i18n/lazy-messages';
import { Link as IntlLink, usePathname } from '@/lib/i18n/navigation';
import { authTabs, modalHref } from '@/lib/site/modals';
import { supportHoursAt, supportWindow } from '@/lib/site/support-hours';
import type { ExtraConfiguration, SiteConfiguration } from '@/lib/content/schemas';
import { themeConfig } from '@/lib/theme/theme-config';
import { PanelDrawer } from '@/components/ui/panel-drawer';
import { useSession } from '@/components/session/session-context';
import { useShell } from '@/components/layout/shell-context';
import { SupportMember } from './support-member';
import { SupportChat } from './chat/support-chat';

/** A guest: the help centre, and a sign-in to chat with an agent. */
function GuestSupport({ signInHref, onLeave }: { signInHref: string; onLeave: () => void }) {
  const t = useTranslations('support');
  const tChat = useTranslations('supportChat');
  return (
    <Stack spacing={1.5} sx={{ mb: 3 }}>
      <Typography color="text.secondary">{t('intro')}</Typography>
      <Typography>{tChat('signInToChat')}</Typography>
      <Button component={IntlLink} href={signInHref} variant="contained" onClick={onLeave}>
        {tChat('signIn')}
      </Button>
      <Button component={IntlLink} href="/help" variant="outlinedSecondary" onClick={onLeave}>
        {tChat('helpCentre')}
      </Button>
    </Stack>
  );
}

/** Brand names: the same in every language. */
const SOCIAL_NAMES: Record<ExtraConfiguration['social'][number]['network'], string> = {
  telegram: 'Telegram',
  x: 'X',
  discord: 'Discord',
  instagram: 'Instagram',
  youtube: 'YouTube',
  facebook: 'Facebook',
};

/**
 * Live support: a signed-in player chats with the operator's agents; a guest gets the help centre
 * and is asked to sign in. The operator's other contacts and channels are below either, with when
 * agents answer (SUPPORT_HOURS: around the clock, or a daily window) — and the editor's offline
 * text only while they are away, never beside "around the clock".
 */
export function SupportDrawer({
  support,
  extra,
  open,
  chat,
}: {
  support: SiteConfiguration['support'];
  extra: ExtraConfiguration | null;
  /** Open while live support is asked for, unless the caller says otherwise. */
  open?: boolean;
  /** A signed-in player's chat, when another service than the platform answers it. */
  chat?: ReactNode;
}) {
  const t = useTranslations('support');
  const { supportOpen, setSupportOpen, supportHours } = useShell();
  const { status } = useSession();
  const hoursWindow = supportWindow(supportHours);
  // The platform's own chat says itself when agents are back; elsewhere the panel says it.
  const platformChat = status === 'authenticated' && !chat;
  const away = !supportHoursAt(supportHours).online && !platformChat;
  const close = () => setSupportOpen(false);
  const pathname = usePathname();
  const search = useSearchParams();
  const signInHref = modalHref(pathname, new URLSearchParams(search.toString()), 'auth', {
    tab: authTabs.signIn,
  });
  // Signing out closes the panel: nothing of the conversation stays on screen.
  const was = useRef(status);
  useEffect(() => {
    if (was.current === 'authenticated' && status === 'unauthenticated') setSupportOpen(false);
    was.current = status;
  }, [status, setSupportOpen]);
  return (
    <PanelDrawer
      anchor="right"
      open={open ?? supportOpen}
      onClose={close}
      testId="support-panel"
      dialog={{ 'aria-labelledby': 'support-title' }}
      paperSx={{
        width: { xs: '100%', sm: themeConfig.chatDrawerWidth },
        p: 2.5,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography id="support-title" variant="h3" component="h2" sx={{ flexGrow: 1 }}>
          {t('title')}
        </Typography>
        <IconButton aria-label={t('close')} onClick={close}>
          <CloseIcon />
        </IconButton>
      </Stack>
      {status === 'authenticated' && chat ? (
        chat
      ) : status === 'authenticated' ? (
        <>
          <SupportMember />
          <LazyMessages namespaces={['supportChat']}>
            <SupportChat />
          </LazyMessages>
        </>
      ) : (
        <LazyMessages namespaces={['supportChat']}>
          <GuestSupport signInHref={signInHref} onLeave={close} />
        </LazyMessages>
      )}
      {support && (
        <Stack spacing={1.5} sx={{ mt: 2 }}>
          <Button
            variant="outlinedPrimary"
            startIcon={<EmailIcon />}
            href={`mailto:${support.email}`}
            data-testid="support-email"
          >
            {support.email}
          </Button>
          {support.telegram && (
            <Button
              variant="outlinedSecondary"
              startIcon={<TelegramIcon />}
              href={support.telegram}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('telegram')}
            </Button>
          )}
        </Stack>
      )}
      <Stack spacing={1} sx={{ mt: 2 }}>
        <Typography variant="body2" color="text.secondary" data-testid="support-hours">
          {hoursWindow ? t('hoursWindow', hoursWindow) : t('hoursAlways')}
        </Typography>
        {away && (
          <Typography variant="body2" color="text.secondary" data-testid="support-away">
            {extra?.support.offline ?? t('offlineNow')}
          </Typography>
        )}
      </Stack>
      {extra && extra.social.length > 0 && (
        <Stack component="nav" aria-labelledby="support-follow" spacing={1} sx={{ mt: 3 }}>
          <Typography id="support-follow" variant="subtitle2" component="h3">
            {t('follow')}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {extra.social.map((link) => (
              <Button
                key={link.network}
                size="small"
                variant="outlinedSecondary"
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
              >
                {SOCIAL_NAMES[link.network]}
              </Button>
            ))}
          </Stack>
        </Stack>
      )}
    </PanelDrawer>
  );
}
