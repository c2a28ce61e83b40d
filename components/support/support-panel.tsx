'use client';

import dynamic from 'next/dynamic';
import type { ExtraConfiguration, SiteConfiguration } from '@/lib/content/schemas';
import { useShell } from '@/components/layout/shell-context';
import { useOpenedOnce } from '@/components/ui/use-opened-once';

// The drawer loads the first time a player asks for support.
const SupportDrawer = dynamic(() => import('./support-drawer').then((m) => m.SupportDrawer), {
  ssr: false,
});

/** Live support (spec §2): the bottom bar and the user menu open it. */
export function SupportPanel({
  support,
  extra,
}: {
  support: SiteConfiguration['support'];
  /** When agents answer, what players read when none is there, the community channels. */
  extra: ExtraConfiguration | null;
}) {
  const { supportOpen } = useShell();
  return useOpenedOnce(supportOpen) ? <SupportDrawer support={support} extra={extra} /> : null;
}
