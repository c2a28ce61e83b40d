'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { decideModal } from '@/lib/site/modals';
import { useSession } from '@/components/session/session-context';
import { modalRegistry } from './registry';
import { forgetModalOrigin } from './use-modal';

/** Reads `?modal=` and shows the registered dialog, or sends the visitor where the rules say. */
export function ModalLayer() {
  const search = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const { status } = useSession();
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
