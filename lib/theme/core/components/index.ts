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
