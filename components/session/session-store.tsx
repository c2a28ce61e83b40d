'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useLocale } from 'next-intl';
import {
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { authApi } from '@/lib/api/auth';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { ApiClientError } from '@/lib/api/client';
import { balancesQuery, playerKeys, profileQuery } from '@/lib/api/queries/player';
import {
  ACCESS_TOKEN_KEY,
  clearTokens,
  DEFAULT_CURRENCY,
  readAccessToken,
  subscribeToken,
  writeCurrency,
  writeTokens,
} from '@/lib/api/token-store';
import type { WalletBalance } from '@/lib/schemas/player';
import { DEFAULT_ROLE } from '@/lib/site/menu';
import { DisplaySync } from './display-sync';
import { LanguageFollower } from './language-follower';
import { LiveUpdates } from './live-updates';
import { RouteTracker } from './route-tracker';
import { AUTH_UPDATE_EVENT, SESSION_CLEARED_EVENT } from './session-events';

import { SessionProvider, type SessionBalance, type SessionState } from './session-context';

// Only players who asked for a reality check load it.
const RealityCheck = dynamic(() => import('@/components/protection/reality-check'), {
  ssr: false,
});

/** Session start runs at most once a second (spec §9). */
export const INIT_THROTTLE_MS = 1000;

const hasStoredToken = () => Boolean(readAccessToken());
const noTokenYet = () => null;

function pickBalance(list: WalletBalance[] | undefined, currency: string): SessionBalance | null {
  const shown = list?.find((b) => b.currency === currency) ?? list?.[0];
  if (!shown) return null;
  // The withdraw-only balance rides along: the header shows it beside the balance.
  const { amount, withdrawOnly } = shown;
  return withdrawOnly
    ? { amount, currency: shown.currency, withdrawOnly }
    : { amount, currency: shown.currency };
}

/**
 * The session store (spec §4): loading until the stored token is read; with one, the profile and
 * balances queries run and the session is authenticated once the profile arrives, otherwise
 * unauthenticated. Profile and balances live in the query cache only (under ['player']), so the
 * account pages and the header read the same copy. It also tracks the player's route and follows
 * sign-ins and sign-outs made in other tabs.
 */
export function SessionStore({ children }: { children: ReactNode }) {
  // The one session fact outside the query cache: whether a token is stored (null on the server and
  // while hydrating, when it cannot be read yet).
  const hasToken = useSyncExternalStore(subscribeToken, hasStoredToken, noTokenYet);
  const lastStart = useRef(0);
  const locale = useLocale();
  const queryClient = useQueryClient();

  const profile = useQuery({ ...profileQuery(), enabled: hasToken === true });
  const balances = useQuery({ ...balancesQuery(), enabled: hasToken === true });

  // A refused token is forgotten; any other failure leaves it for the next start.
  const refused = profile.error instanceof ApiClientError && profile.error.status === 401;
  useEffect(() => {
    if (refused) clearTokens();
  }, [refused]);

  /**
   * Another tab signed in or out: what is cached is another player's (or nobody's), so it is asked
   * again — at most once a second (spec §9), a burst of storage events costing one start.
   */
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== ACCESS_TOKEN_KEY && event.key !== null) return;
      const now = Date.now();
      if (now - lastStart.current < INIT_THROTTLE_MS) return;
      lastStart.current = now;
      void queryClient.resetQueries({ queryKey: playerKeys.all });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  const login = useCallback(
    async (data: {
      token: string | null;
      getStreamToken: string | null;
      socketToken?: string | null;
    }) => {
      if (!data.token) return;
      queryClient.removeQueries({ queryKey: playerKeys.all });
      writeTokens(data.token, data.getStreamToken, data.socketToken);
      // Resolved once the profile is in (or refused), as callers go on to signed-in pages.
      await queryClient.fetchQuery(profileQuery()).catch(() => undefined);
      window.dispatchEvent(new Event(AUTH_UPDATE_EVENT));
    },
    [queryClient],
  );

  // Leaving a page signed out on purpose (a break, a closure): the page being left must not send
  // the player to the sign-in modal before the navigation lands.
  const router = useRouter();
  const pathname = usePathname();
  // The page being left, while the player is still on it.
  const [leftFrom, setLeftFrom] = useState<string | null>(null);
  const leaving = leftFrom !== null && leftFrom === pathname;

  const loginType = profile.data?.loginType;
  const logout = useCallback(() => {
    // Sign-out failures are ignored (spec §7): the token is forgotten here either way.
    void authApi.logout().catch(() => undefined);
    clearTokens();
    writeCurrency(DEFAULT_CURRENCY);
    queryClient.removeQueries({ queryKey: playerKeys.all });
    window.dispatchEvent(new Event(SESSION_CLEARED_EVENT));
    if (loginType === 'Coinbase' || loginType === 'Walletconnect') {
      window.location.assign(locale === 'en' ? '/' : `/${locale}`);
    }
  }, [loginType, locale, queryClient]);

  const signOutTo = useCallback(
    (path: string) => {
      setLeftFrom(pathname);
      router.replace(path);
      logout();
    },
    [logout, pathname, router],
  );

  const player = hasToken ? profile.data : undefined;
  // Authenticated once the profile is in and the balance has answered (or failed: the header then
  // says the balance is not available), as the header draws both at once.
  const settling = (q: { isPending: boolean; fetchStatus: string }) =>
    q.isPending && q.fetchStatus !== 'idle';
  const status: SessionState['status'] =
    hasToken === null || (hasToken && (settling(profile) || (player && settling(balances))))
      ? 'loading'
      : player
        ? 'authenticated'
        : 'unauthenticated';

  const value = useMemo<SessionState>(
    () => ({
      status,
      profile: player
        ? {
            memberId: player.memberId,
            memberUsername: player.memberUsername,
            avatar: player.avatar,
            email: player.email,
            levelInfo: player.levelInfo,
          }
        : null,
      balance: player ? pickBalance(balances.data, player.settings.navbarCurrency) : null,
      wallet:
        player && balances.data
          ? {
              balances: balances.data,
              navbarCurrency: player.settings.navbarCurrency,
              fiatCurrency: player.settings.currency,
            }
          : null,
      role: DEFAULT_ROLE,
      loginType: player?.loginType ?? null,
      restriction: player?.restriction ?? null,
      restrictedSession: player?.restrictedSession ?? false,
      logout,
      signOutTo,
      leaving,
      login,
      refresh: () => queryClient.invalidateQueries({ queryKey: playerKeys.all }),
    }),
    [status, player, balances.data, logout, signOutTo, leaving, login, queryClient],
  );

  return (
    <SessionProvider value={value}>
      <Suspense>
        <LanguageFollower />
        {status === 'authenticated' && (
          <>
            <RouteTracker />
            <LiveUpdates />
            <DisplaySync />
            {player?.realityCheckMinutes && !player.restrictedSession ? (
              <RealityCheck minutes={player.realityCheckMinutes} onStop={logout} />
            ) : null}
          </>
        )}
      </Suspense>
      {children}
    </SessionProvider>
  );
}
