import type {} from '@mui/material/themeCssVarsAugmentation';

/** Typed augmentation for the theme extras of spec §9: custom button variants, xlarge size, neutral background. */
declare module '@mui/material/Button' {
  interface ButtonPropsVariantOverrides {
    header: true;
    headerSecondary: true;
    headerTerciary: true;
    outlinedPrimary: true;
    outlinedSecondary: true;
    outlinedTerciary: true;
  }
  interface ButtonPropsSizeOverrides {
    xlarge: true;
  }
}

declare module '@mui/material/styles' {
  interface TypeBackground {
    neutral: string;
  }
  interface Palette {
    customShadows: { card: string; cardFlat: string; dialog: string };
  }
  interface PaletteOptions {
    customShadows?: { card: string; cardFlat: string; dialog: string };
  }
  interface PaletteColor {
    lighter?: string;
    darker?: string;
  }
  interface SimplePaletteColorOptions {
    lighter?: string;
    darker?: string;
  }
}

export {};
