import type { ReactNode } from 'react';

// The real root layout is app/[lang]/layout.tsx, which knows the language for <html lang dir>.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
