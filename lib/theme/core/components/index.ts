import type { Components, Theme } from '@mui/material/styles';
import type { ThemeContrast } from '@/lib/settings/display-settings';
import { themeConfig } from '../../theme-config';
import { MuiButton } from './button';

const { breakpoints, radius, containerMaxWidth, avatarGroupMax, cssVarPrefix } = themeConfig;

export function componentOverrides(contrast: ThemeContrast): Components<Theme> {
  return {
    MuiCssBaseline: {
      styleOverrides: {
        // Radius 6 below md, 8 from md up (spec §9): every component reads the shape variable.
        // `html:root` outranks the theme's own `:root` declaration, which is inserted after this one.
        'html:root': {
          [`--${cssVarPrefix}-shape-borderRadius`]: `${radius.belowMd}px`,
          [`@media (min-width: ${breakpoints.md}px)`]: {
            [`--${cssVarPrefix}-shape-borderRadius`]: `${radius.fromMd}px`,
          },
        },
        body: { minHeight: '100vh' },
        // One focus ring for whatever the keyboard reaches (WCAG 2.4.7): MUI only tints a list item
        // or a tab a shade darker, and a link not at all. Text fields show theirs on the outline.
        // `html` outranks ButtonBase's own `outline: 0`, inserted after these global rules.
        'html .Mui-focusVisible, html a:focus-visible, html summary:focus-visible': {
          outline: `2px solid var(--${cssVarPrefix}-palette-primary-main)`,
          outlineOffset: 2,
        },
        // Inside a list or a menu the ring is drawn inward, where the container cannot clip it.
        'html .MuiListItemButton-root.Mui-focusVisible, html .MuiMenuItem-root.Mui-focusVisible, html .MuiTab-root.Mui-focusVisible':
          { outlineOffset: -2 },
      },
    },
    MuiButton,
    MuiContainer: {
      styleOverrides: {
        root: ({ theme }) => ({
          [theme.breakpoints.up('md')]: { maxWidth: containerMaxWidth },
        }),
      },
    },
    MuiCard: {
      styleOverrides: {
        root: ({ theme }) => ({
          borderRadius: theme.vars.shape.borderRadius,
          // Bold contrast flattens card shadows in light mode (spec §4).
          boxShadow:
            contrast === 'bold'
              ? theme.vars.palette.customShadows.cardFlat
              : theme.vars.palette.customShadows.card,
        }),
      },
    },
    MuiAvatarGroup: { defaultProps: { max: avatarGroupMax } },
    MuiPaper: { defaultProps: { elevation: 0 } },
    MuiLink: { defaultProps: { underline: 'hover' } },
  };
}
