type RtlPlugin = typeof import('stylis-plugin-rtl').default;

// stylis-plugin-rtl and cssjanus (~5 KiB gzip) load only for right-to-left pages: one promise per
// process or tab, which ThemeRoot reads with `use` (it waits until the plugin is there).
let rtlPlugin: Promise<RtlPlugin> | undefined;
export function loadRtlPlugin(): Promise<RtlPlugin> {
  rtlPlugin ??= import('stylis-plugin-rtl').then((m) => m.default);
  return rtlPlugin;
}

/** Emotion cache options per direction: RTL pages flip every style through stylis-plugin-rtl. */
export function emotionCacheOptions(
  direction: 'ltr' | 'rtl',
  nonce: string | undefined,
  rtl: RtlPlugin | null,
) {
  return direction === 'rtl' && rtl
    ? { key: 'muirtl', stylisPlugins: [rtl], nonce }
    : { key: 'mui', nonce };
}
