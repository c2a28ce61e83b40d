'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { socketTarget } from '@/lib/api/base-url';
import { balancesQuery, playerKeys } from '@/lib/api/queries/player';
import { notificationKeys } from '@/lib/api/queries/notification-keys';
import { walletKeys } from '@/lib/api/queries/wallet';
import { readSocketToken, subscribeToken } from '@/lib/api/token-store';
import type { NotificationEvent } from '@/lib/schemas/notifications';
import type { WalletBalance } from '@/lib/schemas/player';
import type { SupportMessage } from '@/lib/schemas/support';
import { supportKeys } from '@/lib/api/support';
import { setPlatformSocket } from './platform-socket';

/**
 * What the platform sends a player's sockets (lib/server/wallet: balance and deposit events); the
 * version grows with each posting, so an event overtaken by a later one is dropped.
 */
type BalanceEvent = {
  currency: string;
  version: string;
  available: string;
  withdraw_only: string;
};

const noToken = () => null;

/**
 * The platform socket of a signed-in player: a balance event updates the header's balances in
 * place, a deposit event refreshes the deposits list (its confirmations). socket.io-client loads
 * only here, after sign-in, so it is not part of any page's first load. On every connection the
 * balances are fetched again, as events sent before it (while the page loaded) were missed.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const streamToken = useSyncExternalStore(subscribeToken, readSocketToken, noToken);

  useEffect(() => {
    if (!streamToken) return;
    let stopped = false;
    let disconnect = () => {};
    void import('socket.io-client').then(({ io }) => {
      if (stopped) return;
      const { origin, path } = socketTarget();
      // WebSocket only: a browser sends Origin on every WebSocket handshake (the server checks it),
      // but not on same-origin polling GETs, which the server therefore refuses.
      const socket = io(origin, { path, auth: { token: streamToken }, transports: ['websocket'] });
      // Whatever happened before this (re)connection was not heard: fetched once more.
      socket.on('connect', () => {
        void queryClient.invalidateQueries(balancesQuery());
        void queryClient.invalidateQueries({ queryKey: walletKeys.deposits });
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      });
      const versions = new Map<string, bigint>();
      socket.on('balance', (event: BalanceEvent) => {
        const version = BigInt(event.version);
        if (version < (versions.get(event.currency) ?? BigInt(0))) return;
        versions.set(event.currency, version);
        queryClient.setQueryData(balancesQuery().queryKey, (list: WalletBalance[] | undefined) => {
          if (!list) return list;
          const known = list.some((b) => b.currency === event.currency);
          const entry: WalletBalance = {
            currency: event.currency,
            amount: event.available,
            ...(/[1-9]/.test(event.withdraw_only) ? { withdrawOnly: event.withdraw_only } : {}),
          };
          return known
            ? list.map((b) => (b.currency === event.currency ? entry : b))
            : [...list, entry];
        });
        void queryClient.invalidateQueries({ queryKey: walletKeys.transactions });
        void queryClient.invalidateQueries({ queryKey: walletKeys.withdrawals });
      });
      // Live support: a reply from an agent lights the badge (the panel, when open, adds it itself).
      socket.on('support:message', (event: { message: SupportMessage }) => {
        if (event.message.author !== 'player') {
          void queryClient.invalidateQueries({ queryKey: supportKeys.unread });
        }
      });
      // Read in another tab: this one's badge goes too.
      socket.on('support:read', (event: { by: string }) => {
        if (event.by === 'player') queryClient.setQueryData(supportKeys.unread, { unread: 0 });
      });
      socket.on('deposit', () => {
        void queryClient.invalidateQueries({ queryKey: walletKeys.deposits });
      });
      // A notice was released: its tab, the counts and the popups are fetched again (the event
      // carries only its id and type; the content comes with the player's token).
      socket.on('NOTIFICATION', (event: NotificationEvent) => {
        const tab = event.type === 'PRIVATE' ? 'personal' : 'platform';
        void queryClient.invalidateQueries({ queryKey: notificationKeys.tab(tab) });
        void queryClient.invalidateQueries({ queryKey: notificationKeys.count });
        void queryClient.invalidateQueries({ queryKey: notificationKeys.popups });
      });
      // A lost connection may be the platform ending this sign-in (signed out from another
      // device, password changed: it closes the session's connections). The profile is asked
      // again, so its 401 signs this tab out at once rather than at its next call; after a mere
      // network blip it is one cheap read.
      socket.on('disconnect', (reason) => {
        // Not when this tab closed it itself (signing out, a new token).
        if (reason === 'io client disconnect') return;
        void queryClient.invalidateQueries({ queryKey: playerKeys.profile });
      });
      setPlatformSocket(socket);
      disconnect = () => {
        setPlatformSocket(null);
        socket.disconnect();
      };
    });
    return () => {
      stopped = true;
      disconnect();
    };
  }, [queryClient, streamToken]);

  return null;
}
