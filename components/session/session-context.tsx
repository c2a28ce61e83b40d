'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_ROLE } from '@/lib/navigation/menu';

/** The signed-in player as the shell shows them (spec §3 Profile). */
export type SessionProfile = {
  memberId: string;
  memberUsername: string;
  avatar: string | null;
  email: string | null;
  levelInfo: { vipLevel: number; percentageToNextLevel: number };
};

export type SessionBalance = { amount: string; currency: string };

export type SessionState = {
  status: 'loading' | 'authenticated' | 'unauthenticated';
  profile: SessionProfile | null;
  /** null when the balance could not be fetched: the header shows 'balance not available'. */
  balance: SessionBalance | null;
  /** The role the menu is filtered by (spec §6). */
  role: string;
  logout: () => void;
};

const guest: SessionState = {
  status: 'unauthenticated',
  profile: null,
  balance: null,
  role: DEFAULT_ROLE,
  logout: () => {},
};

const SessionContext = createContext<SessionState>(guest);

/**
 * The player session every shell slot reads. Until a sign-in method exists every visitor is a
 * guest; the sign-in work supplies the live value here, and tests supply theirs.
 */
export function SessionProvider({
  value,
  children,
}: {
  value?: SessionState;
  children: ReactNode;
}) {
  return <SessionContext.Provider value={value ?? guest}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  return useContext(SessionContext);
}
