'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNotify } from '@/components/layout/notice-context';
import { notificationsApi } from '@/lib/api/notifications';
import { notificationKeys } from '@/lib/api/queries/notification-keys';
import { useRouter } from '@/lib/i18n/navigation';
import { toastText } from '@/lib/notifications/toast-text';
import {
  desktopState,
  onDesktopLink,
  registerDesktopWorker,
  showOnDesktop,
} from '@/lib/notifications/desktop';
import { safeReturnPath } from '@/lib/site/safe-return';

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

/**
 * Header popups (spec: POPUPNOTIFICATION): each unread notice with a message is toasted once (the
 * newest), and while the page is hidden each is handed to the desktop-notification worker too; the
 * socket's NOTIFICATION refreshes the list (live updates invalidate it). A click on a desktop
 * notification brings this tab forward and opens the notice's site link here.
 */
export function NoticePopups() {
  const notify = useNotify();
  const router = useRouter();
  const popups = useQuery({
    queryKey: notificationKeys.popups,
    queryFn: notificationsApi.popups,
    staleTime: 60_000,
  });

  useEffect(() => {
    const shown = readShown();
    const fresh = popups.data?.filter((p) => !shown.includes(p.id)) ?? [];
    const newest = fresh[0];
    if (!newest) return;
    const ids = [...fresh.map((p) => p.id), ...shown].slice(0, 50);
    localStorage.setItem(SHOWN_KEY, JSON.stringify(ids));
    notify(toastText(newest.payload.data.title, newest.payload.message), 'info');
    for (const popup of fresh) void showOnDesktop(popup).catch(() => {});
  }, [popups.data, notify]);

  // The worker is registered once the player has said yes, so it is ready for the first notice.
  useEffect(() => {
    if (desktopState() === 'on') void registerDesktopWorker().catch(() => {});
    return onDesktopLink((path) => {
      const safe = safeReturnPath(path, '');
      if (safe) router.push(safe);
    });
  }, [router]);

  return null;
}
