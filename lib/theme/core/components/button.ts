import type { Components, Theme } from '@mui/material/styles';

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
    {
      props: { variant: 'header' },
      style: ({ theme }) => ({
        height: 40,
        padding: '0 16px',
        color: theme.vars.palette.primary.contrastText,
        backgroundColor: theme.vars.palette.primary.main,
        '&:hover': { backgroundColor: theme.vars.palette.primary.dark },
      }),
    },
    {
      props: { variant: 'headerSecondary' },
      style: ({ theme }) => ({
        height: 40,
        padding: '0 16px',
        color: theme.vars.palette.text.primary,
        backgroundColor: theme.vars.palette.background.neutral,
        '&:hover': { backgroundColor: theme.vars.palette.action.hover },
      }),
    },
    {
      props: { variant: 'headerTerciary' },
      style: ({ theme }) => ({
        height: 40,
        padding: '0 12px',
        color: theme.vars.palette.text.secondary,
        backgroundColor: 'transparent',
        '&:hover': {
          color: theme.vars.palette.text.primary,
          backgroundColor: theme.vars.palette.action.hover,
        },
      }),
    },
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
