'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { authApi, playerApi } from '@/lib/api/auth';
import {
  ACCESS_TOKEN_KEY,
  clearTokens,
  DEFAULT_CURRENCY,
  readAccessToken,
  writeCurrency,
  writeTokens,
} from '@/lib/api/token-store';
import { ApiClientError } from '@/lib/api/client';
import { playerKeys } from '@/lib/api/queries/player';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { isLocale } from '@/lib/i18n/locales';
import { DEFAULT_ROLE } from '@/lib/site/menu';
import type { Profile, WalletBalance } from '@/lib/schemas/player';
import { RouteTracker } from './route-tracker';
import { SessionProvider, type SessionBalance, type SessionState } from './session-context';

/** Session start runs at most once a second (spec §9). */
export const INIT_THROTTLE_MS = 1000;
/** Dispatched on window after a sign-in: language and currency follow the player's settings. */
export const AUTH_UPDATE_EVENT = 'auth-update';
/** Dispatched on sign-out so the live support and betting widgets forget the player. */
export const SESSION_CLEARED_EVENT = 'session-cleared';

type Loaded = { profile: Profile; balance: SessionBalance | null } | null;

function pickBalance(list: WalletBalance[] | null, currency: string): SessionBalance | null {
  if (!list) return null;
  const shown = list.find((b) => b.currency === currency) ?? list[0];
  return shown ? { amount: shown.amount, currency: shown.currency } : null;
}

/**
 * The session store (spec §4): starts loading, checks the stored token, and with a live one fetches
 * profile and balance and becomes authenticated; otherwise unauthenticated. It also tracks the
 * player's route and follows sign-ins and sign-outs made in other tabs.
 */
export function SessionStore({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionState['status']>('loading');
  const [loaded, setLoaded] = useState<Loaded>(null);
  const lastStart = useRef(0);
  const pending = useRef<Promise<void> | null>(null);
  const router = useRouter();
  const pathname = usePathname();
  const locale = useLocale();
  const queryClient = useQueryClient();

  const load = useCallback(async () => {
    if (!readAccessToken()) {
      setLoaded(null);
      setStatus('unauthenticated');
      return;
    }
    try {
      const [profile, balances] = await Promise.all([
        playerApi.profile(),
        playerApi.balances().catch(() => null),
      ]);
      setLoaded({ profile, balance: pickBalance(balances, profile.settings.navbarCurrency) });
      setStatus('authenticated');
    } catch (error) {
      // A refused token is forgotten; any other failure leaves it for the next start.
      if (error instanceof ApiClientError && error.status === 401) clearTokens();
      setLoaded(null);
      setStatus('unauthenticated');
    }
  }, []);

  /** Start, throttled: a second call within a second waits for the first instead of asking again. */
  const start = useCallback(
    (force = false) => {
      const now = Date.now();
      if (!force && pending.current && now - lastStart.current < INIT_THROTTLE_MS) {
        return pending.current;
      }
      lastStart.current = now;
      pending.current = load();
      return pending.current;
    },
    [load],
  );

  useEffect(() => {
    void start();
    const onStorage = (event: StorageEvent) => {
      if (event.key === ACCESS_TOKEN_KEY || event.key === null) void start(true);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [start]);

  const login = useCallback(
    async (data: { token: string | null; getStreamToken: string | null }) => {
      if (!data.token) return;
      queryClient.removeQueries({ queryKey: playerKeys.all });
      writeTokens(data.token, data.getStreamToken);
      await start(true);
      window.dispatchEvent(new Event(AUTH_UPDATE_EVENT));
    },
    [start, queryClient],
  );

  const logout = useCallback(() => {
    const loginType = loaded?.profile.loginType;
    // Sign-out failures are ignored (spec §7): the token is forgotten here either way.
    void authApi.logout().catch(() => undefined);
    clearTokens();
    writeCurrency(DEFAULT_CURRENCY);
    queryClient.removeQueries({ queryKey: playerKeys.all });
    window.dispatchEvent(new Event(SESSION_CLEARED_EVENT));
    setLoaded(null);
    setStatus('unauthenticated');
    if (loginType === 'Coinbase' || loginType === 'Walletconnect') {
      window.location.assign(locale === 'en' ? '/' : `/${locale}`);
    }
  }, [loaded, locale, queryClient]);

  // auth-update: language and currency come from the player's settings; the path gets that prefix.
  useEffect(() => {
    const onUpdate = () => {
      playerApi
        .currentUser()
        .then((user) => {
          writeCurrency(user.settings.view_in_fiat_object.currency || DEFAULT_CURRENCY);
          const language = user.settings.language;
          if (isLocale(language) && language !== locale) {
            router.replace(`${pathname}${window.location.search}`, { locale: language });
          }
        })
        .catch(() => undefined);
    };
    window.addEventListener(AUTH_UPDATE_EVENT, onUpdate);
    return () => window.removeEventListener(AUTH_UPDATE_EVENT, onUpdate);
  }, [locale, pathname, router]);

  const value = useMemo<SessionState>(
    () => ({
      status,
      profile: loaded
        ? {
            memberId: loaded.profile.memberId,
            memberUsername: loaded.profile.memberUsername,
            avatar: loaded.profile.avatar,
            email: loaded.profile.email,
            levelInfo: loaded.profile.levelInfo,
          }
        : null,
      balance: loaded?.balance ?? null,
      role: DEFAULT_ROLE,
      loginType: loaded?.profile.loginType ?? null,
      logout,
      login,
      refresh: () => start(true),
    }),
    [status, loaded, logout, login, start],
  );

  return (
    <SessionProvider value={value}>
      {status === 'authenticated' && (
        <Suspense>
          <RouteTracker />
        </Suspense>
      )}
      {children}
    </SessionProvider>
  );
}
