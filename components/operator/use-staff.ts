'use client';

import { useQuery } from '@tanstack/react-query';
import type { OperatorRole } from '@/lib/schemas/operator';
import { useOperatorApi } from './operator-api';

export type StaffSession = { id: string | null; name: string; role: OperatorRole };

/** The staff-session query's key: sign-in writes it, sign-out clears the cache. */
export const STAFF_SESSION_KEY = ['staff-session'] as const;

/** Who is signed into the back office; null when nobody is (the rooms then send to sign-in). */
export function useStaff() {
  const api = useOperatorApi();
  return useQuery({
    queryKey: STAFF_SESSION_KEY,
    queryFn: () => api<StaffSession>('/operator/session').catch(() => null),
  });
}
