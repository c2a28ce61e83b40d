/** Theme constants of spec §9, in one place for the theme and the shell. */
export const themeConfig = {
  /** Theme breakpoints (px). */
  breakpoints: { xs: 0, sm: 768, md: 1025, lg: 1280, xl: 1440 },
  /**
   * Breakpoints the shell itself switches on. The shell's CSS modules write them as literal media
   * queries (CSS cannot import them): change both together.
   */
  shellBreakpoints: { bottomBar: 640, desktop: 1080 },
  containerMaxWidth: 1200,
  radius: { belowMd: 6, fromMd: 8 },
  headerHeight: { mobile: 54, desktop: 70 },
  sidebarWidth: { vertical: 260, mini: 88 },
  drawerWidth: 350,
  /** Live support's panel: a conversation needs more room than a list. */
  chatDrawerWidth: 420,
  avatarGroupMax: 4,
  colorSchemeSelector: 'data-mui-color-scheme',
  cssVarPrefix: 'mui',
  fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
} as const;
