'use client';

import { useQuery } from '@tanstack/react-query';
import { supportUnreadQuery } from '@/lib/api/support';
import { useSession } from '@/components/session/session-context';

/** Support's messages the signed-in player has not read: the badge on the live-support entries. */
export function useSupportUnread(): number {
  const { status } = useSession();
  const signedIn = status === 'authenticated';
  const { data } = useQuery({ ...supportUnreadQuery(), enabled: signedIn });
  return signedIn ? (data?.unread ?? 0) : 0;
}
