'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { Socket } from 'socket.io-client';
import type { SupportProfile } from '@/lib/schemas/player';
import type { Conversation, SupportMessage, SupportPage } from '@/lib/schemas/support';
import { MessageList } from '@/components/support/chat/message-list';
import { useOperatorApi } from '../operator-api';
import { useStaff } from '../use-staff';
import { MemberPanel } from './member-panel';

type StaffConversation = SupportPage & {
  conversation: Conversation & { tags: string[] };
  memberInfo: SupportProfile['memberInfo'];
};
type Canned = { id: string; title: string; text: string };

/** One conversation: its messages, the reply box with canned replies, assign and close. */
export function ConversationView({
  id,
  playerId,
  socket,
  playerTyping,
}: {
  id: string;
  playerId: string;
  socket: Socket | null;
  playerTyping: boolean;
}) {
  const t = useTranslations('backOffice.support');
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  // The automation token has no staff account: it cannot take a conversation itself.
  const me = useStaff().data?.id ?? null;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const view = useQuery({
    queryKey: ['support', 'conversation', id],
    queryFn: () => api<StaffConversation>(`/operator/support/conversations/${id}`),
  });
  const canned = useQuery({
    queryKey: ['support', 'canned'],
    queryFn: () => api<Canned[]>('/operator/support/canned'),
    staleTime: 60_000,
  });

  // The player's messages on screen are read.
  const unreadUpTo = view.data?.messages.findLast((m) => m.author === 'player' && !m.readAt)?.id;
  useEffect(() => {
    if (!unreadUpTo) return;
    void api(`/operator/support/conversations/${id}/read`, {
      method: 'POST',
      body: { upTo: unreadUpTo },
    }).then(() => queryClient.invalidateQueries({ queryKey: ['support', 'inbox'] }));
  }, [api, id, unreadUpTo, queryClient]);

  const act = async (path: string, body?: unknown) => {
    setError(null);
    try {
      await api(`/operator/support/conversations/${id}${path}`, { method: 'POST', body });
      await queryClient.invalidateQueries({ queryKey: ['support'] });
      return true;
    } catch (e) {
      setError(e instanceof Error ? e.message : t('failed'));
      return false;
    }
  };
  const send = async () => {
    if (!text.trim()) return;
    if (await act('/messages', { text })) setText('');
  };

  if (!view.data) return null;
  const { conversation, memberInfo, messages } = view.data;
  const mine = Boolean(me && conversation.agent?.id === me);
  return (
    <Stack direction="row" spacing={2} sx={{ flex: 1, minWidth: 0, minHeight: 0 }}>
      <Stack
        spacing={1}
        sx={{ flex: 1, minWidth: 0, minHeight: 0 }}
        data-testid="staff-conversation"
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {memberInfo.memberUsername}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="assignment">
            {mine
              ? t('assignedToYou')
              : conversation.agent
                ? t('assignedTo', { name: conversation.agent.name })
                : t('unassigned')}
          </Typography>
          {me && !mine && (
            <Button size="small" variant="outlined" onClick={() => void act('/assign', {})}>
              {t('assignToMe')}
            </Button>
          )}
          {conversation.agent && (
            <Button
              size="small"
              variant="outlined"
              onClick={() => void act('/assign', { agentId: null })}
            >
              {t('unassign')}
            </Button>
          )}
          <Button
            size="small"
            variant="outlined"
            color="error"
            disabled={conversation.status === 'closed'}
            onClick={() => void act('/close')}
          >
            {t('close')}
          </Button>
        </Stack>
        {error && (
          <Alert severity="error" onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        <MessageList
          side="staff"
          messages={messages as SupportMessage[]}
          hasOlder={false}
          onOlder={() => undefined}
          typing={playerTyping ? memberInfo.memberUsername : null}
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          {canned.data && canned.data.length > 0 && (
            <TextField
              select
              size="small"
              label={t('canned')}
              value=""
              onChange={(e) =>
                setText(canned.data.find((c) => c.id === e.target.value)?.text ?? text)
              }
              sx={{ width: 180 }}
            >
              {canned.data.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.title}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            label={t('reply')}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              socket?.emit('support:typing', playerId);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void send();
              }
            }}
            multiline
            maxRows={6}
            size="small"
            fullWidth
          />
          <Button variant="contained" onClick={() => void send()} disabled={!text.trim()}>
            {t('send')}
          </Button>
        </Stack>
      </Stack>
      <MemberPanel info={memberInfo} />
    </Stack>
  );
}
