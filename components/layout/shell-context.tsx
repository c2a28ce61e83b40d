'use client';

import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ChatwootWidget } from '@/lib/schemas/support';

type ShellContextValue = {
  navOpen: boolean;
  setNavOpen: (open: boolean) => void;
  searchOpen: boolean;
  setSearchOpen: (open: boolean) => void;
  supportOpen: boolean;
  setSupportOpen: (open: boolean) => void;
  /** The operator's Chatwoot when live chat runs there (SUPPORT_PROVIDER=chatwoot), else null. */
  chatwoot: ChatwootWidget | null;
  /** When agents answer, a daily UTC window (SUPPORT_HOURS, `09:00-21:00`); null: around the clock. */
  supportHours: string | null;
};

const ShellContext = createContext<ShellContextValue | null>(null);

/** Panels any part of the shell may open: the phone menu, the search dialog, live support. */
export function ShellProvider({
  children,
  chatwoot = null,
  supportHours = null,
}: {
  children: ReactNode;
  chatwoot?: ChatwootWidget | null;
  supportHours?: string | null;
}) {
  const [navOpen, setNavOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [supportOpen, setSupportOpen] = useState(false);
  const value = useMemo(
    () => ({
      navOpen,
      setNavOpen,
      searchOpen,
      setSearchOpen,
      supportOpen,
      setSupportOpen,
      chatwoot,
      supportHours,
    }),
    [navOpen, searchOpen, supportOpen, chatwoot, supportHours],
  );
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShell(): ShellContextValue {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell must be used inside ShellProvider');
  return value;
}
