'use client';

import { AppRouterCacheProvider } from '@mui/material-nextjs/v16-appRouter';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider, type AbstractIntlMessages } from 'next-intl';
import { createContext, use, useState, type ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/locales';
import { createAppTheme } from '@/lib/theme/create-theme';

type Endpoints = { apiBaseUrl: string; socketPath: string };
const EndpointsContext = createContext<Endpoints>({
  apiBaseUrl: '/api/v1',
  socketPath: '/socket.io',
});
export const useEndpoints = () => use(EndpointsContext);

/** The back office's providers: its theme, its texts, its own query cache. */
export function OperatorProviders({
  nonce,
  locale,
  messages,
  apiBaseUrl,
  socketPath,
  children,
}: Endpoints & {
  nonce?: string;
  locale: Locale;
  messages: AbstractIntlMessages;
  children: ReactNode;
}) {
  const direction = locale === 'ar' ? 'rtl' : 'ltr';
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 5_000 } } }),
  );
  const theme = createAppTheme({
    themeColorPresets: 'default',
    themeContrast: 'default',
    direction,
  });
  return (
    <AppRouterCacheProvider options={{ key: 'mui', nonce }}>
      <ThemeProvider theme={theme} defaultMode="light" storageManager={null}>
        <CssBaseline />
        <NextIntlClientProvider locale={locale} messages={messages} timeZone="UTC">
          <EndpointsContext value={{ apiBaseUrl, socketPath }}>
            <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
          </EndpointsContext>
        </NextIntlClientProvider>
      </ThemeProvider>
    </AppRouterCacheProvider>
  );
}
