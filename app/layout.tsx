import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { config } from '@/lib/config';

// Pages outside [lang] (the 404 of an unknown path) resolve the sharing card against the site.
export const metadata: Metadata = { metadataBase: new URL(config.SITE_URL) };

// The real root layout is app/[lang]/layout.tsx, which knows the language for <html lang dir>.
export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
