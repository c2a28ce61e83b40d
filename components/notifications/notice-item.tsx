'use client';

import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { format } from 'date-fns';
import { useLocale, useTranslations } from 'next-intl';
import { contentLink } from '@/lib/content/links';
import { dateLocale } from '@/lib/i18n/date-locale';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import type { DrawerNotice } from '@/lib/schemas/notifications';

/**
 * English keeps the spec's pattern (dd/MM/yyyy, hh:mm a); every other language writes the same
 * thing — a numeric date, then the time — its own way: date-fns' short date and time of the
 * language (`Pp`: 06.11.2026 19:05, 2026/11/06 19:05…). Chinese spells its year out in full.
 */
const patterns: Partial<Record<Locale, string>> = {
  en: 'dd/MM/yyyy, hh:mm a',
  zh: 'yyyy/MM/dd HH:mm',
};

/** A notification's date in the player's language. */
export const noticeDate = (iso: string, locale: string) =>
  format(new Date(iso), (isLocale(locale) ? patterns[locale] : undefined) ?? 'Pp', {
    locale: dateLocale(locale),
  });

/**
 * One drawer item: image, title, date, message and link, and for an unread one its "mark as read"
 * button (beside the link, never around it: one control inside another is not reachable). The link
 * is a real link named "View details" (not its address); it is checked again here: only http(s),
 * mailto, tel and site paths ever become links, another site's opening in a new tab.
 */
export function NoticeItem({ notice, onRead }: { notice: DrawerNotice; onRead: () => void }) {
  const t = useTranslations('notifications');
  const locale = useLocale();
  const link = contentLink(notice.link);
  return (
    <ListItem
      divider
      alignItems="flex-start"
      data-testid="notice-item"
      data-new={notice.isNew}
      sx={{ gap: 1.5 }}
    >
      <ListItemAvatar sx={{ minWidth: 0 }}>
        <Avatar src={notice.image ?? undefined} alt="" variant="rounded">
          <NotificationsIcon />
        </Avatar>
      </ListItemAvatar>
      <Stack spacing={0.25} sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="subtitle2" sx={{ fontWeight: notice.isNew ? 700 : 500 }}>
            {notice.title}
          </Typography>
          {notice.isNew && (
            <Chip size="small" color="primary" variant="outlined" label={t('newBadge')} />
          )}
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {noticeDate(notice.releaseTime, locale)}
        </Typography>
        {notice.message && (
          <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
            {notice.message}
          </Typography>
        )}
        {link?.kind === 'site' && (
          <Link
            component={IntlLink}
            href={link.href}
            variant="body2"
            aria-label={`${t('openLink')}: ${notice.title}`}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('openLink')}
          </Link>
        )}
        {link && link.kind !== 'site' && (
          <Link
            href={link.href}
            variant="body2"
            target={link.kind === 'external' ? '_blank' : undefined}
            rel={link.kind === 'external' ? 'noopener noreferrer' : undefined}
            aria-label={`${t('openLink')}: ${notice.title}`}
            title={link.href}
            sx={{ alignSelf: 'flex-start', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            {t('openLink')}
            {link.kind === 'external' && <OpenInNewIcon fontSize="inherit" aria-hidden />}
          </Link>
        )}
        {notice.isNew && (
          <Button
            size="small"
            variant="text"
            onClick={onRead}
            aria-label={`${t('markRead')}: ${notice.title}`}
            sx={{ alignSelf: 'flex-start', px: 0, minWidth: 0 }}
          >
            {t('markRead')}
          </Button>
        )}
      </Stack>
    </ListItem>
  );
}
