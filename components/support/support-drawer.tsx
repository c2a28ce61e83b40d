'use client';

import CloseIcon from '@mui/icons-material/Close';
import EmailIcon from '@mui/icons-material/Email';
import TelegramIcon from '@mui/icons-material/Telegram';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import type { ExtraConfiguration, SiteConfiguration } from '@/lib/content/schemas';
import { themeConfig } from '@/lib/theme/theme-config';
import { PanelDrawer } from '@/components/ui/panel-drawer';
import { useSession } from '@/components/session/session-context';
import { useShell } from '@/components/layout/shell-context';
import { SupportMember } from './support-member';

/** Brand names: the same in every language. */
const SOCIAL_NAMES: Record<ExtraConfiguration['social'][number]['network'], string> = {
  telegram: 'Telegram',
  x: 'X',
  discord: 'Discord',
  instagram: 'Instagram',
  youtube: 'YouTube',
  facebook: 'Facebook',
};

/** Live support: the operator's contact from the site configuration, until a chat widget is set up. */
export function SupportDrawer({
  support,
  extra,
}: {
  support: SiteConfiguration['support'];
  extra: ExtraConfiguration | null;
}) {
  const hours = extra?.support;
  const t = useTranslations('support');
  const { supportOpen, setSupportOpen } = useShell();
  const { status } = useSession();
  const close = () => setSupportOpen(false);
  return (
    <PanelDrawer
      anchor="right"
      open={supportOpen}
      onClose={close}
      testId="support-panel"
      dialog={{ 'aria-labelledby': 'support-title' }}
      paperSx={{ width: { xs: '100%', sm: themeConfig.drawerWidth }, p: 2.5 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography id="support-title" variant="h3" component="h2" sx={{ flexGrow: 1 }}>
          {t('title')}
        </Typography>
        <IconButton aria-label={t('close')} onClick={close}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {support ? t('intro') : t('unavailable')}
      </Typography>
      {supportOpen && status === 'authenticated' && <SupportMember />}
      {support && (
        <Stack spacing={1.5}>
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
          {(hours?.hours ?? support.hours) && (
            <Typography variant="body2" color="text.secondary" data-testid="support-hours">
              {hours?.hours ?? support.hours}
            </Typography>
          )}
          {hours?.offline && (
            <Typography variant="body2" color="text.secondary">
              {hours.offline}
            </Typography>
          )}
        </Stack>
      )}
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
