'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNotify } from '@/components/layout/notice-context';
import { notificationsApi } from '@/lib/api/notifications';
import { notificationKeys } from '@/lib/api/queries/notification-keys';

/** Ids already shown as a popup, kept across pages and reloads (the newest 50). */
const SHOWN_KEY = 'notifications.popupsShown';
const readShown = (): string[] => {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SHOWN_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

/** The spec's toast lengths: title cut at 30 characters, message at 50. */
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * Header popups (spec: POPUPNOTIFICATION): each unread notice with a message is toasted once, the
 * newest first; the socket's NOTIFICATION refreshes the list (lib live updates invalidate it).
 */
export function NoticePopups() {
  const notify = useNotify();
  const popups = useQuery({
    queryKey: notificationKeys.popups,
    queryFn: notificationsApi.popups,
    staleTime: 60_000,
  });
  useEffect(() => {
    const shown = readShown();
    const fresh = popups.data?.find((p) => !shown.includes(p.id));
    if (!fresh) return;
    localStorage.setItem(SHOWN_KEY, JSON.stringify([fresh.id, ...shown].slice(0, 50)));
    const title = cut(fresh.payload.data.title, 30);
    const message = cut(fresh.payload.message, 50);
    notify(`${title} — ${message}`, 'info');
  }, [popups.data, notify]);
  return null;
}
