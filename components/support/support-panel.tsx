'use client';

import dynamic from 'next/dynamic';
import type { ExtraConfiguration, SiteConfiguration } from '@/lib/content/schemas';
import { useShell } from '@/components/layout/shell-context';
import { useSession } from '@/components/session/session-context';
import { useOpenedOnce } from '@/components/ui/use-opened-once';

// The drawer loads the first time a player asks for support.
const SupportDrawer = dynamic(() => import('./support-drawer').then((m) => m.SupportDrawer), {
  ssr: false,
});
// The operator's Chatwoot, when live chat runs there: its loader too waits for the first opening.
const ChatwootSupport = dynamic(
  () => import('./chatwoot/chatwoot-support').then((m) => m.ChatwootSupport),
  { ssr: false },
);

/** Live support (spec §2): the bottom bar and the user menu open it. */
export function SupportPanel({
  support,
  extra,
}: {
  support: SiteConfiguration['support'];
  /** When agents answer, what players read when none is there, the community channels. */
  extra: ExtraConfiguration | null;
}) {
  // Set when SUPPORT_PROVIDER=chatwoot: signed-in players chat there.
  const { supportOpen, chatwoot } = useShell();
  const { status } = useSession();
  if (!useOpenedOnce(supportOpen)) return null;
  return chatwoot && status === 'authenticated' ? (
    <ChatwootSupport widget={chatwoot} support={support} extra={extra} />
  ) : (
    <SupportDrawer support={support} extra={extra} />
  );
}
