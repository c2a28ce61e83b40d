'use client';

import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { LazyMessages } from '@/components/i18n/lazy-messages';
import { useNotify } from '@/components/layout/notice-context';
import { noticesQuery, unreadCountQuery } from '@/lib/api/queries/notifications';
import {
  noticeFilters,
  noticeTabs,
  type NoticeAudience,
  type NoticeFilter,
  type UnreadCount,
} from '@/lib/schemas/notifications';
import { DesktopSwitch } from './desktop-switch';
import { NoticeItem } from './notice-item';
import { useMarkRead } from './use-mark-read';

/** The spec's drawer width. */
const WIDTH = 350;

/**
 * The tab the drawer opens on: the one with unread items — Platform (1) when it has any, Personal
 * (2) when only it has; Platform when neither has or the counts could not be read.
 */
export function openingTab(counts: UnreadCount | undefined): NoticeAudience {
  return counts && counts.platformCount === 0 && counts.personalCount > 0 ? 'personal' : 'platform';
}

/**
 * The notifications drawer (spec §3): on the right, 350 px, signed-in players only; tabs Platform
 * (1) and Personal (2) with their unread counts, a filter (all, unread, read), mark all as read,
 * and the items page by page. Loads with its texts the first time the bell is pressed.
 */
export default function NotificationsDrawer({
  open,
  onClose,
}: {
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: WIDTH, maxWidth: '100vw' } } }}
    >
      <LazyMessages namespaces={['notifications']} fallback={<CircularProgress sx={{ m: 3 }} />}>
        <DrawerBody onClose={onClose} />
      </LazyMessages>
    </Drawer>
  );
}

function DrawerBody({ onClose }: { onClose: () => void }) {
  const t = useTranslations('notifications');
  const [filter, setFilter] = useState<NoticeFilter>('viewAll');
  const counts = useQuery(unreadCountQuery());
  // Chosen once the counts are known (usually at once: the bell has read them), then the player's.
  const [chosen, setTab] = useState<NoticeAudience | null>(() =>
    counts.isPending ? null : openingTab(counts.data),
  );
  if (chosen === null && !counts.isPending) setTab(openingTab(counts.data));
  const tab = chosen ?? 'platform';
  const list = useInfiniteQuery({ ...noticesQuery(tab, filter), enabled: chosen !== null });
  const { markOne, markAll } = useMarkRead();
  const notify = useNotify();
  const tErrors = useTranslations('errors');
  const count = (type: NoticeAudience) =>
    type === 'platform' ? (counts.data?.platformCount ?? 0) : (counts.data?.personalCount ?? 0);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  const failed = () => notify(tErrors('anErrorOccurred'), 'error');

  return (
    <Stack
      component="section"
      aria-labelledby="notifications-title"
      data-testid="notifications-drawer"
      sx={{ height: '100%' }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, pt: 1.5 }}>
        <Typography id="notifications-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('close')}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Tabs
        value={chosen ? noticeTabs[chosen] : false}
        onChange={(_, value) => setTab(value === 1 ? 'platform' : 'personal')}
        variant="fullWidth"
      >
        {(['platform', 'personal'] as const).map((type) => (
          <Tab
            key={type}
            value={noticeTabs[type]}
            aria-label={t('tab', { name: t(type), count: count(type) })}
            label={
              <Badge badgeContent={count(type)} color="error" max={99} sx={{ px: 1 }}>
                {t(type)}
              </Badge>
            }
          />
        ))}
      </Tabs>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}
      >
        <ToggleButtonGroup
          size="small"
          exclusive
          value={filter}
          onChange={(_, value: NoticeFilter | null) => value && setFilter(value)}
          aria-label={t('filter')}
        >
          {noticeFilters.map((f) => (
            <ToggleButton key={f} value={f}>
              {t(f)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button size="small" disabled={count(tab) === 0} onClick={() => markAll(tab).catch(failed)}>
          {t('markAll')}
        </Button>
      </Stack>
      <Stack sx={{ flex: 1, overflowY: 'auto' }}>
        {list.isPending && (
          <CircularProgress aria-label={t('title')} sx={{ m: 3, alignSelf: 'center' }} />
        )}
        {list.isError && (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {t('loadFailed')}
          </Alert>
        )}
        {list.isSuccess && items.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {t('empty')}
          </Typography>
        )}
        {items.length > 0 && (
          <List disablePadding aria-label={t(tab)}>
            {items.map((notice) => (
              <NoticeItem
                key={notice._id}
                notice={notice}
                onRead={() => markOne(tab, notice).catch(failed)}
              />
            ))}
          </List>
        )}
        {list.hasNextPage && (
          <Button
            sx={{ m: 1 }}
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('loadMore')}
          </Button>
        )}
      </Stack>
      <Divider />
      <DesktopSwitch />
    </Stack>
  );
}
