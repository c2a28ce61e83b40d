'use client';

import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import type { SignInData } from '@/lib/schemas/auth';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { afterSignInHref } from '@/lib/site/modals';
import { useModal } from '@/components/modals/use-modal';
import { useSession } from '@/components/session/session-context';
import { errorMessage } from './error-message';
import { SignInError, type SignInMethod } from './methods/types';

export type FlowView =
  | { kind: 'form' }
  | { kind: 'twoFactor'; method: SignInMethod }
  | { kind: 'walletConnect'; uri: string }
  /** `pending`: reached from sign-in (a sign-up never activated), not right after sign-up. */
  | { kind: 'activation'; type: 'email' | 'phone'; contact: string; pending?: boolean };

/**
 * The steps every sign-in method shares (spec §4): a two-factor answer opens the code screen and
 * the same method is sent again with the code; success stores the tokens through the session and
 * returns to the page the player came from (same-origin paths only); failures fill the alert.
 */
export function useSignInFlow() {
  const te = useTranslations('errors');
  const session = useSession();
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const { hrefFor } = useModal();
  const [view, setView] = useState<FlowView>({ kind: 'form' });
  const [error, setError] = useState<string | null>(null);

  const finish = useCallback(
    async (data: SignInData) => {
      await session.login?.(data);
      const target = afterSignInHref(pathname, new URLSearchParams(search.toString()));
      router.replace(target, { scroll: false });
    },
    [pathname, router, search, session],
  );

  const fail = useCallback(
    (cause: unknown) => {
      if (cause instanceof SignInError && cause.kind === 'metamask-missing') {
        router.push(hrefFor('install-wallet', { wallet: 'metamask' }), { scroll: false });
        return;
      }
      const message = errorMessage(cause, te('anErrorOccurred'));
      // A closed popup says nothing: there is nothing to tell the player.
      if (cause instanceof SignInError && !cause.message) return;
      setError(message);
    },
    [hrefFor, router, te],
  );

  const attempt = useCallback(
    async (method: SignInMethod, twoFactorCode?: string) => {
      setError(null);
      try {
        const data = await method(twoFactorCode);
        if (data.two_factor_enabled && !data.token) {
          setView({ kind: 'twoFactor', method });
          return;
        }
        await finish(data);
      } catch (cause) {
        setView((current) => (current.kind === 'walletConnect' ? { kind: 'form' } : current));
        fail(cause);
      }
    },
    [fail, finish],
  );

  return { view, setView, error, setError, attempt, finish, fail };
}
