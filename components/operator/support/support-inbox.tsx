'use client';

import Badge from '@mui/material/Badge';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import {
  inboxFilters,
  type InboxFilter,
  type InboxItem,
  type InboxPage,
} from '@/lib/schemas/support';
import { useOperatorApi } from '../operator-api';
import { useStaff } from '../use-staff';
import { ConversationView } from './conversation-view';
import { useInboxSocket } from './use-inbox-socket';

/**
 * The support inbox: conversations by status with unread counts, live; one open at a time. An
 * agent's reply moves a conversation from "Needs reply" to "Awaiting player" — it stays open on
 * screen, and All lists every conversation.
 */
export function SupportInbox() {
  const t = useTranslations('backOffice.support');
  const api = useOperatorApi();
  const [status, setStatus] = useState<InboxFilter>('open');
  const [selected, setSelected] = useState<InboxItem | null>(null);
  // Opened from a player's page: their conversation, until another is picked.
  const params = useSearchParams();
  const linked = params.get('conversation');
  const linkedPlayer = params.get('player');
  const shown =
    selected ?? (linked && linkedPlayer ? { id: linked, playerId: linkedPlayer } : null);
  const { socket, typingUserId } = useInboxSocket();
  const me = useStaff().data?.id ?? null;
  const inbox = useInfiniteQuery({
    queryKey: ['support', 'inbox', status],
    queryFn: ({ pageParam }) =>
      api<InboxPage>(
        `/operator/support/conversations?status=${status}${pageParam ? `&cursor=${pageParam}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor,
  });
  // A conversation that moved up while older pages loaded is listed once, where it is now.
  const conversations: InboxItem[] = [];
  const seen = new Set<string>();
  for (const c of (inbox.data?.pages ?? []).flatMap((p) => p.items)) {
    if (seen.has(c.id)) continue;
    seen.add(c.id);
    conversations.push(c);
  }

  return (
    <>
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="inbox-title"
        sx={{ width: 320, flexShrink: 0, display: 'flex', flexDirection: 'column', m: 2, mr: 0 }}
      >
        <Typography id="inbox-title" variant="h6" component="h1" sx={{ px: 2, pt: 2 }}>
          {t('inbox')}
        </Typography>
        <Tabs
          value={status}
          onChange={(_, value: InboxFilter) => setStatus(value)}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {inboxFilters.map((s) => (
            <Tab key={s} value={s} label={t(`status.${s}`)} sx={{ minWidth: 0, px: 1.5 }} />
          ))}
        </Tabs>
        {inbox.isSuccess && conversations.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t('empty')}
          </Typography>
        )}
        <List sx={{ overflowY: 'auto', flex: 1 }} aria-label={t(`status.${status}`)}>
          {conversations.map((c) => (
            <ListItem key={c.id} disablePadding>
              <ListItemButton
                selected={shown?.id === c.id}
                onClick={() => setSelected(c)}
                data-testid="inbox-item"
              >
                <ListItemText
                  primary={
                    <>
                      {c.player.username}{' '}
                      <Typography component="span" variant="caption" color="text.secondary">
                        {status === 'all' && `${t(`status.${c.status}`)} · `}
                        {c.agent
                          ? c.agent.id === me
                            ? t('assignedToYou')
                            : t('assignedTo', { name: c.agent.name })
                          : t('unassigned')}
                      </Typography>
                    </>
                  }
                  secondary={
                    typingUserId === c.player.id
                      ? t('typing')
                      : c.lastIsImage
                        ? t('image')
                        : c.lastMessage
                  }
                  slotProps={{ secondary: { noWrap: true } }}
                />
                {c.unread > 0 && (
                  <Badge
                    badgeContent={c.unread}
                    color="error"
                    sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
                    slotProps={{ badge: { 'aria-label': t('unread', { count: c.unread }) } }}
                  />
                )}
              </ListItemButton>
            </ListItem>
          ))}
          {inbox.hasNextPage && (
            <ListItem>
              <Button
                fullWidth
                onClick={() => void inbox.fetchNextPage()}
                disabled={inbox.isFetchingNextPage}
              >
                {t('more')}
              </Button>
            </ListItem>
          )}
        </List>
      </Paper>
      <Stack sx={{ flex: 1, minWidth: 0, m: 2 }}>
        {shown ? (
          <ConversationView
            key={shown.id}
            id={shown.id}
            playerId={'player' in shown ? shown.player.id : shown.playerId}
            socket={socket}
            playerTyping={typingUserId === ('player' in shown ? shown.player.id : shown.playerId)}
          />
        ) : (
          <Typography color="text.secondary">{t('pick')}</Typography>
        )}
      </Stack>
    </>
  );
}
