'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { useEndpoints } from '../operator-providers';

/**
 * The inbox's live line: the platform socket authenticated by the staff session cookie (sent with
 * the handshake like any same-origin request). New messages, read and delivered marks and status
 * changes refresh what is on screen; a player typing is reported by their id.
 */
export function useInboxSocket() {
  const { socketPath } = useEndpoints();
  const queryClient = useQueryClient();
  const [socket, setSocket] = useState<Socket | null>(null);
  const [typing, setTyping] = useState<{ userId: string; at: number } | null>(null);

  useEffect(() => {
    let stopped = false;
    let made: Socket | null = null;
    void import('socket.io-client').then(({ io }) => {
      if (stopped) return;
      made = io(window.location.origin, { path: socketPath, transports: ['websocket'] });
      const refresh = () => void queryClient.invalidateQueries({ queryKey: ['support'] });
      made.on('connect', refresh);
      made.on('support:message', refresh);
      made.on('support:read', refresh);
      made.on('support:delivered', refresh);
      made.on('support:conversation', refresh);
      made.on('support:typing', (e: { userId?: string }) => {
        if (e.userId) setTyping({ userId: e.userId, at: Date.now() });
      });
      setSocket(made);
    });
    return () => {
      stopped = true;
      made?.disconnect();
    };
  }, [socketPath, queryClient]);

  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(null), 4000);
    return () => clearTimeout(timer);
  }, [typing]);

  return { socket, typingUserId: typing?.userId ?? null };
}
