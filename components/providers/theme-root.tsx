'use client';

import { AppRouterCacheProvider } from '@mui/material-nextjs/v16-appRouter';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, useColorScheme } from '@mui/material/styles';
import { useLocale } from 'next-intl';
import { use, useEffect, useMemo, type ReactNode } from 'react';
import { documentNonce } from '@/lib/security/document-nonce';
import { effectiveDirection } from '@/lib/settings/direction';
import type { ThemeMode } from '@/lib/settings/display-settings';
import { createAppTheme } from '@/lib/theme/create-theme';
import { emotionCacheOptions, loadRtlPlugin } from '@/lib/theme/emotion-cache';
import { themeStylesheetHref } from '@/lib/theme/theme-href';
import { useSettings } from '@/components/settings/settings-context';

/** Keeps MUI's colour scheme in step with the settings (MUI's own storage is off: the cookie rules). */
function ModeSync({ mode }: { mode: ThemeMode }) {
  const { mode: current, setMode } = useColorScheme();
  useEffect(() => {
    if (current !== mode) setMode(mode);
  }, [current, mode, setMode]);
  return null;
}

type Props = {
  nonce?: string;
  /** The theme stylesheets' version (lib/theme/theme-stylesheet.ts), from the server. */
  themeVersion: string;
  children: ReactNode;
};

export function ThemeRoot({ nonce, themeVersion, children }: Props) {
  const { settings } = useSettings();
  const locale = useLocale();
  const direction = effectiveDirection(locale, settings);
  // Right-to-left pages wait for their stylis plugin (loaded on demand); others never load it.
  const rtl = direction === 'rtl' ? use(loadRtlPlugin()) : null;
  const theme = useMemo(
    () =>
      createAppTheme({
        themeColorPresets: settings.themeColorPresets,
        themeContrast: settings.themeContrast,
        direction,
      }),
    [settings.themeColorPresets, settings.themeContrast, direction],
  );

  // The server wrote these on <html> from the cookie; keep them true after a live change.
  useEffect(() => {
    const root = document.documentElement;
    root.dir = direction;
    root.dataset.contrast = settings.themeContrast;
    root.dataset.preset = settings.themeColorPresets;
  }, [direction, settings.themeContrast, settings.themeColorPresets]);

  return (
    // A direction change needs the other Emotion cache (with or without the RTL plugin), hence the key.
    // The nonce is the document's (see documentNonce): a language switch mounts this again with a
    // navigation's nonce, which the page's CSP refuses.
    <AppRouterCacheProvider
      key={direction}
      options={emotionCacheOptions(direction, documentNonce(nonce), rtl)}
    >
      {/* The theme's variables come as a cached file, not as a style in every response. React
          puts it in <head> and holds the first paint for it; another preset adds its own file. */}
      <link
        rel="stylesheet"
        href={themeStylesheetHref(settings.themeColorPresets, settings.themeContrast, themeVersion)}
        precedence="theme"
      />
      <ThemeProvider
        theme={theme}
        defaultMode={settings.themeMode}
        storageManager={null}
        disableStyleSheetGeneration
      >
        <CssBaseline enableColorScheme />
        <ModeSync mode={settings.themeMode} />
        {children}
      </ThemeProvider>
    </AppRouterCacheProvider>
  );
}
