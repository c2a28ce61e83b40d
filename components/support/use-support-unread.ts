'use client';

import { useQuery } from '@tanstack/react-query';
import { supportUnreadQuery } from '@/lib/api/support';
import { useShell } from '@/components/layout/shell-context';
import { useSession } from '@/components/session/session-context';

/**
 * Support's messages the signed-in player has not read: the badge on the live-support entries.
 * On Chatwoot, its own window announces unread replies, and the platform holds none to count.
 */
export function useSupportUnread(): number {
  const { status } = useSession();
  const { chatwoot } = useShell();
  const signedIn = status === 'authenticated' && !chatwoot;
  const { data } = useQuery({ ...supportUnreadQuery(), enabled: signedIn });
  return signedIn ? (data?.unread ?? 0) : 0;
}
