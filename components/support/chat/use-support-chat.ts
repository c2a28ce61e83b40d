'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { supportApi, supportConversationQuery, supportKeys } from '@/lib/api/support';
import type { Conversation, PlayerSupport, SupportMessage } from '@/lib/schemas/support';
import { usePlatformSocket } from '@/components/session/platform-socket';

type Marks = { conversationId: string; upTo: number; by?: 'player' | 'staff' };
const TYPING_SHOWN_MS = 4000;

/** Adds messages by id (a message can arrive by the socket and in an answer): sorted, no twins. */
function merge(list: SupportMessage[], more: SupportMessage[]): SupportMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, { ...byId.get(m.id), ...m });
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * The player's conversation, live: the history from the platform, then what the platform socket
 * brings (new messages from any of the player's tabs, the agent typing, delivered and read marks,
 * the agent and status). Support's messages are marked read while the panel shows them.
 */
export function useSupportChat() {
  const queryClient = useQueryClient();
  const socket = usePlatformSocket();
  const query = useQuery(supportConversationQuery());
  const [typing, setTyping] = useState<string | null>(null);
  const [olderCursor, setOlderCursor] = useState<number | null | undefined>(undefined);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const update = useCallback(
    (change: (data: PlayerSupport) => PlayerSupport) =>
      queryClient.setQueryData(supportConversationQuery().queryKey, (data) =>
        data ? change(data) : data,
      ),
    [queryClient],
  );

  useEffect(() => {
    if (!socket) return;
    const onMessage = (event: { conversationId: string; message: SupportMessage }) => {
      const known = queryClient.getQueryData(supportConversationQuery().queryKey);
      // The first message makes the conversation: read it whole once.
      if (!known?.conversation) {
        void queryClient.invalidateQueries({ queryKey: supportKeys.conversation });
        return;
      }
      update((d) => ({ ...d, messages: merge(d.messages, [event.message]) }));
      if (event.message.author === 'agent') setTyping(null);
    };
    const onMarks = (kind: 'deliveredAt' | 'readAt') => (event: Marks) => {
      const now = new Date().toISOString();
      update((d) => ({
        ...d,
        messages: d.messages.map((m) =>
          m.id <= event.upTo &&
          (event.by ?? 'staff') === 'staff' &&
          m.author === 'player' &&
          !m[kind]
            ? { ...m, [kind]: now }
            : m,
        ),
      }));
      if (kind === 'readAt' && event.by === 'player') {
        queryClient.setQueryData(supportKeys.unread, { unread: 0 });
      }
    };
    const onTyping = (event: { agent?: string }) => {
      setTyping(event.agent ?? '');
      clearTimeout(typingTimer.current);
      typingTimer.current = setTimeout(() => setTyping(null), TYPING_SHOWN_MS);
    };
    const onConversation = (event: Pick<Conversation, 'status' | 'agent'>) =>
      update((d) =>
        d.conversation
          ? { ...d, conversation: { ...d.conversation, status: event.status, agent: event.agent } }
          : d,
      );
    const delivered = onMarks('deliveredAt');
    const read = onMarks('readAt');
    socket.on('support:message', onMessage);
    socket.on('support:delivered', delivered);
    socket.on('support:read', read);
    socket.on('support:typing', onTyping);
    socket.on('support:conversation', onConversation);
    // Whatever happened while the socket was away is read again.
    const onConnect = () =>
      void queryClient.invalidateQueries({ queryKey: supportKeys.conversation });
    socket.on('connect', onConnect);
    return () => {
      socket.off('support:message', onMessage);
      socket.off('support:delivered', delivered);
      socket.off('support:read', read);
      socket.off('support:typing', onTyping);
      socket.off('support:conversation', onConversation);
      socket.off('connect', onConnect);
      clearTimeout(typingTimer.current);
    };
  }, [socket, queryClient, update]);

  // Support's messages on screen are read: one call for the newest of them.
  const messages = query.data?.messages ?? [];
  const lastFromSupport = [...messages].reverse().find((m) => m.author !== 'player' && !m.readAt);
  useEffect(() => {
    if (!lastFromSupport) return;
    const upTo = lastFromSupport.id;
    void supportApi.read(upTo).then(() => {
      const now = new Date().toISOString();
      update((d) => ({
        ...d,
        messages: d.messages.map((m) =>
          m.author !== 'player' && m.id <= upTo && !m.readAt ? { ...m, readAt: now } : m,
        ),
      }));
      queryClient.setQueryData(supportKeys.unread, { unread: 0 });
    });
  }, [lastFromSupport, queryClient, update]);

  const added = (message: SupportMessage) =>
    update((d) => ({ ...d, messages: merge(d.messages, [message]) }));

  const cursor = olderCursor === undefined ? (query.data?.nextCursor ?? null) : olderCursor;
  const loadOlder = async () => {
    if (!cursor) return;
    const page = await supportApi.older(cursor);
    update((d) => ({ ...d, messages: merge(d.messages, page.messages) }));
    setOlderCursor(page.nextCursor);
  };

  return {
    query,
    messages,
    conversation: query.data?.conversation ?? null,
    hours: query.data?.hours ?? null,
    typing,
    hasOlder: cursor !== null,
    loadOlder,
    added,
    /** Tells the agent the player is typing (the platform passes on one a second at most). */
    notifyTyping: () => socket?.emit('support:typing'),
    /** The first message creates the conversation: read it whole. */
    refresh: () => queryClient.invalidateQueries({ queryKey: supportKeys.conversation }),
  };
}
