'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect, useSyncExternalStore } from 'react';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { decideModal } from '@/lib/site/modals';
import { useSession } from '@/components/session/session-context';
import { modalRegistry } from './registry';
import { forgetModalOrigin } from './use-modal';

const noSubscription = () => () => {};
/** False while this layer hydrates (it then renders what the server did), true once it has. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * Reads `?modal=` and shows the registered dialog, or sends the visitor where the rules say.
 *
 * The server renders no modal (it cannot know the session), and while hydrating neither may this:
 * the layer sits in its own Suspense boundary, which React hydrates after the rest of the page —
 * by then the session may have settled, and a dialog rendered during hydration where the server
 * sent nothing is a hydration error (React #418 on `/casino?modal=auth&tab=1`). The session counts
 * from the render after hydration.
 */
export function ModalLayer() {
  const search = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const session = useSession();
  const hydrated = useHydrated();
  const status = hydrated ? session.status : 'loading';
  const decision = decideModal(pathname, new URLSearchParams(search.toString()), status);
  const redirectTo = decision.kind === 'redirect' ? decision.href : null;

  useEffect(() => {
    if (redirectTo) router.replace(redirectTo, { scroll: false });
  }, [redirectTo, router]);
  const open = search.has('modal');
  useEffect(() => {
    if (!open) forgetModalOrigin();
  }, [open]);

  if (decision.kind !== 'show') return null;
  const Modal = modalRegistry[decision.modal];
  return <Modal key={decision.modal} name={decision.modal} />;
}
