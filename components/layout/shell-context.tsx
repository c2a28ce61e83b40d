'use client';

import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

type ShellContextValue = {
  navOpen: boolean;
  setNavOpen: (open: boolean) => void;
  searchOpen: boolean;
  setSearchOpen: (open: boolean) => void;
  supportOpen: boolean;
  setSupportOpen: (open: boolean) => void;
};

const ShellContext = createContext<ShellContextValue | null>(null);

/** Panels any part of the shell may open: the phone menu, the search dialog, live support. */
export function ShellProvider({ children }: { children: ReactNode }) {
  const [navOpen, setNavOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [supportOpen, setSupportOpen] = useState(false);
  const value = useMemo(
    () => ({ navOpen, setNavOpen, searchOpen, setSearchOpen, supportOpen, setSupportOpen }),
    [navOpen, searchOpen, supportOpen],
  );
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShell(): ShellContextValue {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell must be used inside ShellProvider');
  return value;
}
