import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ScopedMessages } from '@/components/i18n/scoped-messages';

/** The book's texts for the client components of /sports, passed once by the server. */
export async function SportsbookMessages({ children }: { children: ReactNode }) {
  const messages = await getMessages();
  return <ScopedMessages messages={{ sportsbook: messages.sportsbook }}>{children}</ScopedMessages>;
}
