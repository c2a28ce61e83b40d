import type { Components, CSSObject, Theme } from '@mui/material/styles';

type Palette = Theme['vars']['palette'];
type Variant = NonNullable<NonNullable<Components<Theme>['MuiButton']>['variants']>[number];

/** A header button: the app bar's height, its padding, and colours from the palette. */
function headerVariant(
  variant: 'header' | 'headerSecondary' | 'headerTerciary',
  padding: string,
  colors: (palette: Palette) => CSSObject,
): Variant {
  return {
    props: { variant },
    style: ({ theme }) => ({ height: 40, padding, ...colors(theme.vars.palette) }),
  };
}

/** Custom button variants and the xlarge size (spec §9). Header buttons sit in the 54/70 px app bar. */
export const MuiButton: Components<Theme>['MuiButton'] = {
  defaultProps: { disableElevation: true },
  styleOverrides: {
    root: { textTransform: 'none', fontWeight: 600 },
  },
  variants: [
    {
      props: { size: 'xlarge' },
      style: { minHeight: 56, padding: '12px 28px', fontSize: '1rem' },
    },
    headerVariant('header', '0 16px', (p) => ({
      color: p.primary.contrastText,
      backgroundColor: p.primary.main,
      '&:hover': { backgroundColor: p.primary.dark },
    })),
    headerVariant('headerSecondary', '0 16px', (p) => ({
      color: p.text.primary,
      backgroundColor: p.background.neutral,
      '&:hover': { backgroundColor: p.action.hover },
    })),
    headerVariant('headerTerciary', '0 12px', (p) => ({
      color: p.text.secondary,
      backgroundColor: 'transparent',
      '&:hover': { color: p.text.primary, backgroundColor: p.action.hover },
    })),
    {
      props: { variant: 'outlinedPrimary' },
      style: ({ theme }) => ({
        border: `1px solid ${theme.vars.palette.primary.main}`,
        color: theme.vars.palette.primary.main,
        '&:hover': { backgroundColor: `rgba(${theme.vars.palette.primary.mainChannel} / 0.08)` },
      }),
    },
    {
      props: { variant: 'outlinedSecondary' },
      style: ({ theme }) => ({
        border: `1px solid ${theme.vars.palette.divider}`,
        color: theme.vars.palette.text.primary,
        '&:hover': { backgroundColor: theme.vars.palette.action.hover },
      }),
    },
    {
      props: { variant: 'outlinedTerciary' },
      style: ({ theme }) => ({
        border: `1px dashed ${theme.vars.palette.divider}`,
        color: theme.vars.palette.text.secondary,
        '&:hover': {
          color: theme.vars.palette.text.primary,
          backgroundColor: theme.vars.palette.action.hover,
        },
      }),
    },
  ],
};
