'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { Restriction } from '@/lib/schemas/protection';
import { DEFAULT_ROLE } from '@/lib/site/menu';

/** The signed-in player as the shell shows them (spec §3 Profile). */
export type SessionProfile = {
  memberId: string;
  memberUsername: string;
  avatar: string | null;
  email: string | null;
  levelInfo: { vipLevel: number; percentageToNextLevel: number };
};

export type SessionBalance = {
  amount: string;
  currency: string;
  /** Money that can only be withdrawn (a deposit past a limit or during a break). */
  withdrawOnly?: string;
};

/** The wallet as the header's currency menu shows it: every balance and the player's choices. */
export type SessionWallet = {
  balances: SessionBalance[];
  navbarCurrency: string;
  /** settings.view_in_fiat_object.currency */
  fiatCurrency: string;
};

export type SessionState = {
  status: 'loading' | 'authenticated' | 'unauthenticated';
  profile: SessionProfile | null;
  /** null when the balance could not be fetched: the header shows 'balance not available'. */
  balance: SessionBalance | null;
  wallet?: SessionWallet | null;
  /** The role the menu is filtered by (spec §6). */
  role: string;
  /** How the player signed in (the profile's loginType), e.g. 'Email', 'Walletconnect'. */
  loginType?: string | null;
  /** A time-out, self-exclusion or closure in force (player protection). */
  restriction?: Restriction | null;
  /** This session was opened during one: balance and withdrawals only. */
  restrictedSession?: boolean;
  logout: () => void;
  /** Signs out and goes to `path` (after a break or a closure, which end the session everywhere). */
  signOutTo?: (path: string) => void;
  /** Such a sign-out is on its way: pages that need a player wait instead of asking to sign in. */
  leaving?: boolean;
  /** Stores a sign-in's tokens and re-initialises the session (spec §4). */
  login?: (data: {
    token: string | null;
    getStreamToken: string | null;
    socketToken?: string | null;
  }) => Promise<void>;
  /** Fetches profile and balance again (after a change on the account pages). */
  refresh?: () => Promise<void>;
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
 * The player session every shell slot reads. The live value comes from the session store
 * (session-store.tsx); tests supply theirs; without either, everyone is a guest.
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
