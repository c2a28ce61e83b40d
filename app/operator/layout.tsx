import type { Metadata } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { browserApiBaseUrl, config } from '@/lib/config';
import { backOfficeNamespaces } from '@/lib/i18n/client-namespaces';
import { routing } from '@/lib/i18n/routing';
import { OperatorProviders } from '@/components/operator/operator-providers';

export const metadata: Metadata = {
  title: 'Back office',
  robots: { index: false, follow: false },
};

type Locale = (typeof routing.locales)[number];

/** The staff member's language from the browser's list, else English. */
function localeFrom(acceptLanguage: string | null): Locale {
  for (const part of acceptLanguage?.split(',') ?? []) {
    const code = part.split(';')[0]!.trim().slice(0, 2).toLowerCase();
    const found = routing.locales.find((l) => l === code);
    if (found) return found;
  }
  return 'en';
}

/**
 * The back office's own document: no site shell, no content service, no CMS or global scripts —
 * a script on a player page must never share a page with a staff session.
 */
export default async function OperatorLayout({ children }: { children: ReactNode }) {
  const headerStore = await headers();
  const nonce = headerStore.get('x-nonce') ?? undefined;
  const locale = localeFrom(headerStore.get('accept-language'));
  const all = (await import(`@/messages/${locale}.json`)).default;
  return (
    <html lang={locale} dir={locale === 'ar' ? 'rtl' : 'ltr'}>
      <body>
        <OperatorProviders
          nonce={nonce}
          locale={locale}
          messages={Object.fromEntries(backOfficeNamespaces.map((ns) => [ns, all[ns]]))}
          apiBaseUrl={browserApiBaseUrl()}
          socketPath={config.SOCKET_PATH}
        >
          {children}
        </OperatorProviders>
      </body>
    </html>
  );
}
