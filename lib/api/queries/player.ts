import { queryOptions } from '@tanstack/react-query';
import { playerApi } from '../auth';
import { apiRequest } from '../client';
import type { SupportProfile } from '@/lib/schemas/player';

/** Everything about the signed-in player lives under ['player']; the session store drops it on sign-in and sign-out. */
export const playerKeys = {
  all: ['player'] as const,
  profile: ['player', 'profile'] as const,
  support: ['player', 'support'] as const,
};

/** Profile (spec §7): fetched in the browser with the player's token, never on the server. */
export const profileQuery = () =>
  queryOptions({ queryKey: playerKeys.profile, queryFn: () => playerApi.profile() });

/** Support widget data (spec §7): data.memberInfo. */
export const supportProfileQuery = () =>
  queryOptions({
    queryKey: playerKeys.support,
    queryFn: () => apiRequest<SupportProfile>('/users/support-profile'),
    staleTime: 30_000,
  });
