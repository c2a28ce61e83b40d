import { HydrationBoundary, dehydrate } from '@tanstack/react-query';
import type { Metadata, Viewport } from 'next';
import { cookies, draftMode, headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider, hasLocale } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { languagesQuery } from '@/lib/api/queries/config';
import { getQueryClient } from '@/lib/api/query-client';
import { browserApiBaseUrl, config } from '@/lib/config';
import { getGlobalScripts, getSiteConfiguration } from '@/lib/content';
import { logger } from '@/lib/logger';
import { clientMessages } from '@/lib/i18n/client-namespaces';
import { routing } from '@/lib/i18n/routing';
import { effectiveDirection } from '@/lib/settings/direction';
import { DISPLAY_SETTINGS_COOKIE, parseDisplaySettings } from '@/lib/settings/display-settings';
import { siteMetadata } from '@/lib/seo/metadata';
import { themeStylesheetVersion } from '@/lib/theme/theme-stylesheet';
import { visitorCountryFrom } from '@/lib/settings/visitor-country';
import { SignInCodeCatcher } from '@/components/auth/sign-in-code-catcher';
import { PreviewBar } from '@/components/content/preview-bar';
import { SiteScripts } from '@/components/layout/site-scripts';
import { AppProviders } from '@/components/providers/app-providers';

type Props = { children: ReactNode; params: Promise<{ lang: string }> };

export const viewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#FFFFFF' },
    { media: '(prefers-color-scheme: dark)', color: '#141A21' },
  ],
};

export async function generateMetadata({ params }: Omit<Props, 'children'>): Promise<Metadata> {
  const { lang } = await params;
  if (!hasLocale(routing.locales, lang)) return {};
  const metadata = siteMetadata(lang, await getSiteConfiguration(lang), '/');
  // Drafts are for editors: never indexed.
  return (await draftMode()).isEnabled
    ? { ...metadata, robots: { index: false, follow: false } }
    : metadata;
}

export default async function LocaleLayout({ children, params }: Props) {
  const { lang } = await params;
  if (!hasLocale(routing.locales, lang)) notFound();
  setRequestLocale(lang);

  const [cookieStore, headerStore, site, messages, draft, globalScripts] = await Promise.all([
    cookies(),
    headers(),
    getSiteConfiguration(lang),
    getMessages(),
    draftMode(),
    // Analytics and tags are extras: without them the page still renders.
    getGlobalScripts().catch((err: unknown) => {
      logger.warn({ err }, 'global scripts unavailable');
      return { head: [], body: [] };
    }),
  ]);
  // Read on the server so the first paint already has the player's theme and direction.
  const settings = parseDisplaySettings(cookieStore.get(DISPLAY_SETTINGS_COOKIE)?.value);
  const dir = effectiveDirection(lang, settings);
  const nonce = headerStore.get('x-nonce') ?? undefined;
  const visitorCountry = visitorCountryFrom(headerStore);

  const queryClient = getQueryClient();
  await queryClient.prefetchQuery(languagesQuery());

  return (
    <html
      lang={lang}
      dir={dir}
      data-mui-color-scheme={settings.themeMode}
      data-contrast={settings.themeContrast}
      data-preset={settings.themeColorPresets}
      suppressHydrationWarning
    >
      <head>
        <SignInCodeCatcher nonce={nonce} />
        <SiteScripts scripts={[...site.headScripts, ...globalScripts.head]} nonce={nonce} />
      </head>
      <body>
        {draft.isEnabled && <PreviewBar path={headerStore.get('x-pathname') ?? '/'} />}
        <NextIntlClientProvider messages={clientMessages(messages)}>
          <AppProviders
            settings={settings}
            nonce={nonce}
            apiBaseUrl={browserApiBaseUrl()}
            socketPath={config.SOCKET_PATH}
            themeVersion={themeStylesheetVersion()}
            visitorCountry={visitorCountry}
          >
            <HydrationBoundary state={dehydrate(queryClient)}>{children}</HydrationBoundary>
          </AppProviders>
        </NextIntlClientProvider>
        <SiteScripts scripts={[...site.bodyScripts, ...globalScripts.body]} nonce={nonce} />
      </body>
    </html>
  );
}
