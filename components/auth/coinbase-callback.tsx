'use client';

import { useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { authApi } from '@/lib/api/auth';
import { ApiClientError } from '@/lib/api/client';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { useSession } from '@/components/session/session-context';
import { useNotify } from '@/components/shell/notice-context';

/**
 * The wallet sign-in callback (spec §2): Coinbase sends the browser back with `access_token`; it is
 * validated by the platform, which signs the player in, and then removed from the address.
 */
export function CoinbaseCallback() {
  const search = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const locale = useLocale();
  const te = useTranslations('errors');
  const notify = useNotify();
  const session = useSession();
  const token = search.get('access_token');
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!token || handled.current === token || !session.login) return;
    handled.current = token;
    const rest = new URLSearchParams(search.toString());
    rest.delete('access_token');
    const clean = rest.size ? `${pathname}?${rest.toString()}` : pathname;
    authApi
      .coinbaseValidate({ accessToken: token, publicAddress: '' }, locale)
      .then((data) => session.login!(data))
      .catch((error: unknown) => {
        // The server's message, else the error's own, else 'An error occurred' (spec §8).
        const message =
          error instanceof ApiClientError || error instanceof Error ? error.message : '';
        notify(message || te('anErrorOccurred'), 'error');
      })
      .finally(() => router.replace(clean, { scroll: false }));
  }, [token, search, pathname, router, locale, notify, te, session]);

  return null;
}
