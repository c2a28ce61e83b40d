import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ScopedMessages } from '@/components/i18n/scoped-messages';

/** The originals' texts for the client components of their pages, passed once by the server. */
export async function OriginalsMessages({ children }: { children: ReactNode }) {
  const messages = await getMessages();
  return <ScopedMessages messages={{ originals: messages.originals }}>{children}</ScopedMessages>;
}
