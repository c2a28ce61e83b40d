'use client';

import { useSearchParams } from 'next/navigation';
import { useCallback } from 'react';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { closeTarget, modalHref, type ModalName } from '@/lib/site/modals';

// Set when the site itself pushed the modal's address, so closing may go back through history.
let openedInApp = false;

/** For links to a modal: a plain click opens it here; a modified click opens another tab. */
export function markModalOpenedInApp(event?: {
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
}): void {
  if (event && (event.metaKey || event.ctrlKey || event.shiftKey)) return;
  openedInApp = true;
}

/** Called when no modal is open any more (closed by Back, or a link inside it). */
export function forgetModalOrigin(): void {
  openedInApp = false;
}

/** The address of a modal over the current page, for links (no router: cheap enough per card). */
export function useModalHref() {
  const pathname = usePathname();
  const search = useSearchParams();
  return useCallback(
    (modal: ModalName, params?: Record<string, string>) =>
      modalHref(pathname, new URLSearchParams(search.toString()), modal, params),
    [pathname, search],
  );
}

/** Opening and closing the query-parameter modals from anywhere in the site. */
export function useModal() {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const hrefFor = useModalHref();

  const open = useCallback(
    (modal: ModalName, params?: Record<string, string>) => {
      openedInApp = true;
      router.push(hrefFor(modal, params), { scroll: false });
    },
    [hrefFor, router],
  );

  const close = useCallback(
    (modal: ModalName) => {
      const target = closeTarget(
        modal,
        pathname,
        new URLSearchParams(search.toString()),
        openedInApp,
      );
      openedInApp = false;
      if (target.kind === 'back') router.back();
      else router.replace(target.href, { scroll: false });
    },
    [pathname, router, search],
  );

  return { open, close, hrefFor };
}
