'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { playerApi } from '@/lib/api/auth';
import { playerKeys, profileQuery } from '@/lib/api/queries/player';
import type { AccountDisplay } from '@/lib/schemas/player';
import type { DisplaySettings } from '@/lib/settings/display-settings';
import { useSettings } from '@/components/settings/settings-context';

const SAVE_DELAY_MS = 400;

const displayOf = (s: DisplaySettings): AccountDisplay => ({
  themeMode: s.themeMode,
  themeDirection: s.themeDirection,
  themeContrast: s.themeContrast,
  themeColorPresets: s.themeColorPresets,
  themeLayout: s.themeLayout,
  oddsFormat: s.oddsFormat,
});

/**
 * A signed-in player's display settings follow them across devices: on sign-in the ones saved to
 * the account are applied here, and every change made here afterwards is saved to the account.
 * (The language is a setting of its own, followed on sign-in by LanguageFollower.)
 */
export function DisplaySync() {
  const { settings, update } = useSettings();
  const queryClient = useQueryClient();
  // The session store's copy (already fetched): mounting here must not ask for it again.
  const profile = useQuery({ ...profileQuery(), refetchOnMount: false });
  const adopted = useRef<string | null>(null);
  const display = displayOf(settings);
  const key = JSON.stringify(display);

  // Once per player: what the account holds wins over this device's cookie.
  useEffect(() => {
    const player = profile.data;
    if (!player || adopted.current === player.memberId) return;
    adopted.current = player.memberId;
    const saved = player.settings.display;
    if (saved && JSON.stringify(saved) !== key) update(saved);
  }, [profile.data, key, update]);

  // Afterwards: a change here is saved (a burst of clicks costs one call).
  useEffect(() => {
    const player = profile.data;
    if (!player || adopted.current !== player.memberId) return;
    if (JSON.stringify(player.settings.display) === key) return;
    const next = JSON.parse(key) as AccountDisplay;
    const timer = setTimeout(() => {
      playerApi
        .updateSettings({ display: next })
        .then((saved) => queryClient.setQueryData(playerKeys.profile, saved))
        .catch(() => undefined); // kept on this device; saved with the next change
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, profile.data, queryClient]);

  return null;
}
