import type { ThemeColorPreset } from '@/lib/settings/display-settings';

export type ColorChannel = {
  lighter: string;
  light: string;
  main: string;
  dark: string;
  darker: string;
  contrastText: string;
};

type Preset = {
  shades: Omit<ColorChannel, 'main' | 'contrastText'>;
  lightMain: string;
  darkMain: string;
};

/**
 * Colour presets (spec §4). Each scheme takes the shade that keeps text and buttons at WCAG AA
 * contrast against its own background: a deeper shade on white, a brighter one on the dark page.
 */
const presets: Record<ThemeColorPreset, Preset> = {
  default: {
    shades: { lighter: '#C8FAD6', light: '#5BE49B', dark: '#007867', darker: '#004B50' },
    lightMain: '#007867',
    darkMain: '#00A76F',
  },
  cyan: {
    shades: { lighter: '#CCF4FE', light: '#68CDF9', dark: '#0351AB', darker: '#012972' },
    lightMain: '#0351AB',
    darkMain: '#078DEE',
  },
  purple: {
    shades: { lighter: '#EBD6FD', light: '#B985F4', dark: '#431A9E', darker: '#200A69' },
    lightMain: '#5B27C4',
    darkMain: '#B985F4',
  },
  blue: {
    shades: { lighter: '#D1E9FC', light: '#76B0F1', dark: '#103996', darker: '#061B64' },
    lightMain: '#1A53B8',
    darkMain: '#76B0F1',
  },
  orange: {
    shades: { lighter: '#FEF4D4', light: '#FED680', dark: '#B66816', darker: '#793908' },
    lightMain: '#8F4A0C',
    darkMain: '#FDA92D',
  },
  red: {
    shades: { lighter: '#FFE3D5', light: '#FFC1AC', dark: '#B71833', darker: '#7A0930' },
    lightMain: '#B71833',
    darkMain: '#FF4D4D',
  },
};

export function primaryFor(preset: ThemeColorPreset, scheme: 'light' | 'dark'): ColorChannel {
  const p = presets[preset];
  return scheme === 'light'
    ? { ...p.shades, main: p.lightMain, contrastText: '#FFFFFF' }
    : { ...p.shades, main: p.darkMain, contrastText: '#141A21' };
}

/** The swatch shown for each preset in the settings drawer. */
export function presetSwatch(preset: ThemeColorPreset): string {
  return presets[preset].darkMain;
}
