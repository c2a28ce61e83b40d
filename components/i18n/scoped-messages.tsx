'use client';

import { NextIntlClientProvider, useLocale, useMessages, useTimeZone } from 'next-intl';
import type { ReactNode } from 'react';

/**
 * A page's own texts, given by its server parent and merged over the shell's: only the pages that
 * read them carry them (the originals' pages), and they are there at the first paint.
 */
export function ScopedMessages({
  messages,
  children,
}: {
  messages: Record<string, unknown>;
  children: ReactNode;
}) {
  const locale = useLocale();
  const timeZone = useTimeZone();
  const parent = useMessages();
  return (
    <NextIntlClientProvider
      locale={locale}
      timeZone={timeZone}
      messages={{ ...parent, ...messages }}
    >
      {children}
    </NextIntlClientProvider>
  );
}
