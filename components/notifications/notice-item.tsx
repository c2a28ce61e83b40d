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
import { format } from 'date-fns';
import { useLocale, useTranslations } from 'next-intl';
import { contentLink } from '@/lib/content/links';
import { dateLocale } from '@/lib/i18n/date-locale';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import type { DrawerNotice } from '@/lib/schemas/notifications';

/** The spec's notification date: dd/MM/yyyy, hh:mm a, in the player's language. */
export const noticeDate = (iso: string, locale: string) =>
  format(new Date(iso), 'dd/MM/yyyy, hh:mm a', { locale: dateLocale(locale) });

/**
 * One drawer item: image, title, date, message and link, and for an unread one its "mark as read"
 * button (beside the link, never around it: one control inside another is not reachable). The link
 * is checked again here: only http(s), mailto, tel and site paths ever become links.
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
          <Link component={IntlLink} href={link.href} variant="body2">
            {link.href}
          </Link>
        )}
        {link && link.kind !== 'site' && (
          <Link
            href={link.href}
            variant="body2"
            target={link.kind === 'external' ? '_blank' : undefined}
            rel={link.kind === 'external' ? 'noopener noreferrer' : undefined}
            sx={{ wordBreak: 'break-all' }}
          >
            {link.href}
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
