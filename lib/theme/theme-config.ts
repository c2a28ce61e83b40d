/** Theme constants of spec §9, in one place for the theme and the shell. */
export const themeConfig = {
  /** Theme breakpoints (px). */
  breakpoints: { xs: 0, sm: 768, md: 1025, lg: 1280, xl: 1440 },
  /** Breakpoints the shell itself switches on. */
  shellBreakpoints: { bottomBar: 640, desktop: 1080 },
  containerMaxWidth: 1200,
  radius: { belowMd: 6, fromMd: 8 },
  headerHeight: { mobile: 54, desktop: 70 },
  sidebarWidth: { vertical: 260, mini: 88 },
  drawerWidth: 350,
  avatarGroupMax: 4,
  colorSchemeSelector: 'data-mui-color-scheme',
  cssVarPrefix: 'mui',
  fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
} as const;

/** Media queries for the shell's own breakpoints (spec §9: 640 px and 1080 px). */
export const shellMedia = {
  /** Phones: the bottom bar shows, the footer may hide. */
  small: `@media (max-width:${themeConfig.shellBreakpoints.bottomBar - 0.05}px)`,
  /** Wide enough for the side menu. */
  desktop: `@media (min-width:${themeConfig.shellBreakpoints.desktop}px)`,
  belowDesktop: `@media (max-width:${themeConfig.shellBreakpoints.desktop - 0.05}px)`,
} as const;
