'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { setBrowserApiBase, setBrowserSocketPath } from '@/lib/api/base-url';
import { getQueryClient } from '@/lib/api/query-client';
import type { DisplaySettings } from '@/lib/settings/display-settings';
import { SettingsProvider } from '@/components/settings/settings-context';
import { ThemeRoot } from './theme-root';
import { VisitorProvider } from './visitor-context';

type Props = {
  settings: DisplaySettings;
  nonce?: string;
  apiBaseUrl: string;
  /** The platform socket's path (SOCKET_PATH). */
  socketPath: string;
  themeVersion: string;
  /** The visitor's country from the edge's IP-country header, when there is one. */
  visitorCountry?: string | null;
  children: ReactNode;
};

/** Client providers, outermost first: data, display settings, then the theme that depends on them. */
export function AppProviders({
  settings,
  nonce,
  apiBaseUrl,
  socketPath,
  themeVersion,
  visitorCountry = null,
  children,
}: Props) {
  if (typeof window !== 'undefined') {
    setBrowserApiBase(apiBaseUrl);
    setBrowserSocketPath(socketPath);
  }
  const queryClient = getQueryClient();
  return (
    <QueryClientProvider client={queryClient}>
      <SettingsProvider initial={settings}>
        <ThemeRoot nonce={nonce} themeVersion={themeVersion}>
          <VisitorProvider country={visitorCountry}>{children}</VisitorProvider>
        </ThemeRoot>
      </SettingsProvider>
    </QueryClientProvider>
  );
}
