import { queryOptions } from '@tanstack/react-query';
import { playerApi } from '../auth';
import { apiRequest } from '../client';
import type { SupportProfile } from '@/lib/schemas/player';

/** Everything about the signed-in player lives under ['player']; the session store drops it on sign-in and sign-out. */
export const playerKeys = {
  all: ['player'] as const,
  profile: ['player', 'profile'] as const,
  balances: ['player', 'balances'] as const,
  support: ['player', 'support'] as const,
};

/**
 * Profile (spec §7): fetched in the browser with the player's token, never on the server. The one
 * copy of the signed-in player: the session store derives its status from it, the account pages
 * read it.
 */
export const profileQuery = () =>
  queryOptions({
    queryKey: playerKeys.profile,
    queryFn: () => playerApi.profile(),
    // The session waits on this and the balances: an answer, right or wrong, beats a retry's delay.
    retry: false,
  });

/** Wallet user balances (spec §7): every currency; the header shows the player's navbar currency. */
export const balancesQuery = () =>
  queryOptions({
    queryKey: playerKeys.balances,
    queryFn: () => playerApi.balances(),
    retry: false,
  });

/** Support widget data (spec §7): data.memberInfo. */
export const supportProfileQuery = () =>
  queryOptions({
    queryKey: playerKeys.support,
    queryFn: () => apiRequest<SupportProfile>('/users/support-profile'),
    staleTime: 30_000,
  });
