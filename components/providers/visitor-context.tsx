'use client';

import { createContext, useContext, type ReactNode } from 'react';

/** What the server knows about the visitor before any sign-in: the country of their address. */
type Visitor = { country: string | null };

const VisitorContext = createContext<Visitor>({ country: null });

export function VisitorProvider({
  country,
  children,
}: {
  country: string | null;
  children: ReactNode;
}) {
  return <VisitorContext.Provider value={{ country }}>{children}</VisitorContext.Provider>;
}

export function useVisitor(): Visitor {
  return useContext(VisitorContext);
}
