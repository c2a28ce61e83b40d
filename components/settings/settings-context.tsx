'use client';

import Cookies from 'js-cookie';
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import {
  DISPLAY_SETTINGS_COOKIE,
  DISPLAY_SETTINGS_MAX_AGE_DAYS,
  serializeDisplaySettings,
  type DisplaySettings,
} from '@/lib/settings/display-settings';

type SettingsContextValue = {
  settings: DisplaySettings;
  update: (patch: Partial<DisplaySettings>) => void;
  drawerOpen: boolean;
  setDrawerOpen: (open: boolean) => void;
};

const SettingsContext = createContext<SettingsContextValue | null>(null);

/** Holds the display settings the server read from the cookie; every change is written back to it. */
export function SettingsProvider({
  initial,
  children,
}: {
  initial: DisplaySettings;
  children: ReactNode;
}) {
  const [settings, setSettings] = useState(initial);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const update = useCallback((patch: Partial<DisplaySettings>) => {
    const apply = () =>
      setSettings((prev) => {
        const next = { ...prev, ...patch };
        Cookies.set(DISPLAY_SETTINGS_COOKIE, serializeDisplaySettings(next), {
          expires: DISPLAY_SETTINGS_MAX_AGE_DAYS,
          sameSite: 'lax',
          path: '/',
        });
        return next;
      });
    // Switching to right-to-left loads the RTL style plugin first (ThemeRoot suspends on it): as a
    // transition, the page keeps its current look until the plugin is there.
    if (patch.themeDirection === 'rtl') startTransition(apply);
    else apply();
  }, []);

  const value = useMemo(
    () => ({ settings, update, drawerOpen, setDrawerOpen }),
    [settings, update, drawerOpen],
  );
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export function useSettings(): SettingsContextValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error('useSettings must be used inside SettingsProvider');
  return value;
}
